import { publicPagePath } from '../../../api/constants/page-addresses.ts';
import { slugify } from '../../../api/lib/slug.ts';
import { PAGE_TEMPLATES, ZPage } from '../../../api/schemas/page.ts';
import { Input, Select } from '../../components/ui/controls.tsx';
import Field from '../../components/ui/Field.tsx';
import { apiFetch } from '../../lib/api.ts';
import EntityForm from '../components/EntityForm.tsx';
import RichTextField from '../components/RichTextField.tsx';
import { useEntityForm } from '../components/use-entity-form.ts';

type TPageValues = {
  name: string;
  slug: string;
  template: string;
  seokeyword: string;
  content: string;
  howwework: string;
  showInFooter: boolean;
};

const EMPTY: TPageValues = {
  name: '',
  slug: '',
  template: '',
  seokeyword: '',
  content: '',
  howwework: '',
  showInFooter: false,
};
const TEMPLATE_LABELS: Record<(typeof PAGE_TEMPLATES)[number], string> = {
  default: 'Default',
  home: 'Home',
  aboutus: 'About Us',
  Faq: 'FAQ',
  contact: 'Contact',
};

/** Where the page can be read once saved, for the hint under its name. */
function addressHint(slug: string): string {
  if (!slug) return 'The slug is made from the name.';
  const path = publicPagePath(slug);
  return path ? `Slug: ${slug}. Published at ${path}` : `Slug: ${slug}. This address is used by the site.`;
}

/**
 * Page Details (add without an id, edit with one). Every page has a rich-text Content (the
 * server sanitises it) and is published at /<slug> when saved (docs/SCREENS.md); About Us
 * pages also have How We Work.
 */
export default function PageForm() {
  const state = useEntityForm({
    defaults: EMPTY,
    loadPath: (id) => `/api/pages/${id}`,
    fromAnswer: (res): TPageValues => ({ ...EMPTY, ...res.data }),
    schema: ZPage,
    save: (values, id) =>
      apiFetch(id ? `/api/pages/${id}` : '/api/pages', { method: id ? 'PUT' : 'POST', json: values }),
    doneTo: '/pages',
  });
  const { register, watch, setValue, control } = state.form;
  const template = watch('template');
  const slug = watch('slug');
  const name = register('name');
  return (
    <EntityForm
      state={state}
      title="Page Details"
      submitLabel={state.isEdit ? 'Update Page' : 'Create Page'}
      backTo="/pages"
    >
      <Field label="Name" htmlFor="page-name" hint={addressHint(slug)}>
        <Input
          id="page-name"
          {...name}
          onBlur={(e) => {
            void name.onBlur(e);
            // A new page's slug is derived from the name; an edited page keeps its address.
            if (!state.isEdit) setValue('slug', slugify(e.target.value));
          }}
        />
      </Field>
      <Field label="Keyword" htmlFor="page-keyword" hint="SEO keywords, separated by commas.">
        <Input id="page-keyword" {...register('seokeyword')} />
      </Field>
      <Field label="Template" htmlFor="page-template">
        <Select id="page-template" {...register('template')}>
          <option value="">Select template</option>
          {PAGE_TEMPLATES.map((t) => (
            <option key={t} value={t}>
              {TEMPLATE_LABELS[t]}
            </option>
          ))}
        </Select>
      </Field>
      {template === 'aboutus' ? (
        <>
          <RichTextField control={control} name="content" label="Content" placeholder="Tell visitors who you are..." />
          <RichTextField control={control} name="howwework" label="How We Work" placeholder="Explain how it works..." />
        </>
      ) : (
        <RichTextField control={control} name="content" label="Content" placeholder="Write the page..." />
      )}
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-slate-300 accent-primary"
          {...register('showInFooter')}
        />
        Show in footer (a link to the page on every public page)
      </label>
    </EntityForm>
  );
}
