import type { ColumnDef } from '@tanstack/react-table';
import { X } from 'lucide-react';
import { useCallback, useState } from 'react';
import { uploadUrl } from '../../../api/lib/image-urls.ts';
import { slugify } from '../../../api/lib/slug.ts';
import { CATEGORY_MESSAGES, ZCategoryForm } from '../../../api/schemas/category.ts';
import { Button, Input } from '../../components/ui/controls.tsx';
import Field from '../../components/ui/Field.tsx';
import { useSchemaForm } from '../../components/ui/schema-form.ts';
import { apiFetch, type TApiData } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import CrudList from '../components/CrudList.tsx';
import { FormShell } from '../components/form.tsx';
import ImageDrop from '../components/ImageDrop.tsx';

/** A row of GET /api/get-all-category. */
type TCategory = TApiData<'/api/get-all-category'>['data'][number];

type TCategoryValues = { id: string; name: string; slug: string; image: string };
const EMPTY: TCategoryValues = { id: '', name: '', slug: '', image: '' };

const columns: ColumnDef<TCategory>[] = [
  { accessorKey: 'id', header: 'Id' },
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'slug', header: 'Slug' },
];

/**
 * Add Edit Category: the form, and the Category List beneath it while not
 * editing. Edit loads a row into the form and hides the list; a save returns to add mode
 * with an empty form.
 */
export default function Categories() {
  const { form, submit, errors, failed } = useSchemaForm<TCategoryValues>({ defaults: EMPTY, schema: ZCategoryForm });
  const { register, setValue, watch, reset } = form;
  const { clear } = errors;
  const [image, setImage] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(0);
  const editing = watch('id') !== '';
  const current = watch('image');

  // Switching rows (or back to add) leaves the last try's messages behind.
  const toAddMode = () => {
    reset(EMPTY);
    setImage([]);
    clear();
  };
  const onEdit = useCallback(
    (c: TCategory) => {
      reset({ id: String(c.id), name: c.name, slug: c.slug, image: c.image });
      setImage([]);
      clear();
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    [reset, clear],
  );

  const onSubmit = submit(async (values) => {
    const body = new FormData();
    if (values.id) body.append('id', values.id);
    body.append('name', values.name);
    body.append('slug', values.slug);
    if (image[0]) body.append('image', image[0]);
    setBusy(true);
    const res = await apiFetch('/api/category/add-edit', { method: 'POST', body });
    setBusy(false);
    if (!res.success) {
      failed(res);
      return;
    }
    notify.success(String(res.message));
    toAddMode();
    setSaved((n) => n + 1);
  });

  const name = register('name');
  return (
    <div className="space-y-10">
      <FormShell
        title="Add Edit Category"
        submitLabel={editing ? 'Update Category' : 'Add Category'}
        busy={busy}
        onSubmit={onSubmit}
        errors={errors}
        aside={
          editing ? (
            <Button variant="secondary" type="button" onClick={toAddMode}>
              <X className="h-4 w-4" aria-hidden="true" /> Cancel edit
            </Button>
          ) : undefined
        }
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Name" htmlFor="category-name">
            <Input
              id="category-name"
              {...name}
              onBlur={(e) => {
                void name.onBlur(e);
                // The slug follows the name on blur; a blank name is flagged at once.
                if (!e.target.value.trim()) notify.error(CATEGORY_MESSAGES.name);
                else setValue('slug', slugify(e.target.value));
              }}
            />
          </Field>
          <Field label="Slug" htmlFor="category-slug" hint="Lower-case words joined by hyphens, used in links.">
            <Input id="category-slug" {...register('slug')} />
          </Field>
        </div>
        <ImageDrop
          label="Image"
          files={image}
          onFilesChange={setImage}
          existing={current ? [{ name: current, url: uploadUrl(current, 400) }] : []}
          hint="Shown on the All Category page."
        />
      </FormShell>
      {!editing && (
        <CrudList<TCategory>
          title="Category List"
          listPath="/api/get-all-category"
          columns={columns}
          cardTitle="name"
          onEdit={onEdit}
          deletePath={(c) => `/api/category/${c.id}`}
          describe={(c) => `category ${c.name}`}
          emptyText="No categories yet. Add the first one above."
          reloadKey={saved}
        />
      )}
    </div>
  );
}
