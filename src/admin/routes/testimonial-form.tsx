import { useState } from 'react';
import { uploadUrl } from '../../../api/lib/image-urls.ts';
import { ZTestimonial } from '../../../api/schemas/testimonial.ts';
import { Input } from '../../components/ui/controls.tsx';
import Field from '../../components/ui/Field.tsx';
import { apiFetch } from '../../lib/api.ts';
import EntityForm from '../components/EntityForm.tsx';
import ImageDrop from '../components/ImageDrop.tsx';
import RichTextField from '../components/RichTextField.tsx';
import { useEntityForm } from '../components/use-entity-form.ts';

type TTestimonialValues = { name: string; designation: string; description: string; image: string };

/** The testimonial form: name, designation, rich-text description and an image. */
export default function TestimonialForm() {
  const [image, setImage] = useState<File[]>([]);
  const state = useEntityForm({
    defaults: { name: '', designation: '', description: '', image: '' },
    loadPath: (id) => `/api/testimonials/${id}`,
    fromAnswer: (res): TTestimonialValues => {
      const t = res.data;
      return { name: t.name, designation: t.designation, description: t.description, image: t.image ?? '' };
    },
    schema: ZTestimonial,
    save: (values, id) => {
      const body = new FormData();
      body.append('name', values.name);
      body.append('designation', values.designation);
      body.append('description', values.description);
      if (image[0]) body.append('image', image[0]);
      return apiFetch(id ? `/api/testimonials/${id}` : '/api/testimonials', { method: id ? 'PUT' : 'POST', body });
    },
    successText: { add: 'Testimonial added', edit: 'Testimonial updated' },
    doneTo: '/testimonials',
  });
  const { register, watch, control } = state.form;
  const current = watch('image');
  return (
    <EntityForm
      state={state}
      title={state.isEdit ? 'Edit Testimonial' : 'Add Testimonial'}
      submitLabel={state.isEdit ? 'Update Testimonial' : 'Add Testimonial'}
      backTo="/testimonials"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" htmlFor="testimonial-name">
          <Input id="testimonial-name" {...register('name')} />
        </Field>
        <Field label="Designation" htmlFor="testimonial-designation">
          <Input id="testimonial-designation" {...register('designation')} />
        </Field>
      </div>
      <RichTextField control={control} name="description" label="Description" placeholder="What did they say?" />
      <ImageDrop
        label="Image"
        files={image}
        onFilesChange={setImage}
        existing={current ? [{ name: current, url: uploadUrl(current, 400) }] : []}
        hint="A square portrait works best; it shows as a circle."
      />
    </EntityForm>
  );
}
