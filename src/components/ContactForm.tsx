import { useId } from 'react';
import { FIELD_MAX } from '../../api/constants/field-limits.ts';
import { ZContactMessage } from '../../api/schemas/inbox.ts';
import { apiFetch } from '../lib/api.ts';
import { issuesFromAnswer } from '../lib/form-errors.ts';
import { notify } from '../lib/toast.ts';
import { Input, Textarea } from './ui/controls.tsx';
import Field from './ui/Field.tsx';
import { ErrorsForm } from './ui/field-errors.tsx';
import { HoneypotField } from './ui/HoneypotField.tsx';
import { useSchemaForm } from './ui/schema-form.ts';

const EMPTY = { name: '', email: '', phone: '', subject: '', message: '', website: '' };

/** A label with the required mark, which screen readers skip (the control says aria-required). */
const required = (label: string) => (
  <>
    {label} <span aria-hidden="true">*</span>
  </>
);

/**
 * Contact Us 'Get in Touch' (docs/SCREENS.md): name, email and message required, checked by
 * the server's schema (ZContactMessage); sent with sendContactMessage to the admin inbox.
 * `website` is the honeypot people never see (api/services/inbox/bot-check.ts).
 */
export default function ContactForm() {
  const id = useId();
  const { form, submit, errors } = useSchemaForm({ schema: ZContactMessage, defaults: EMPTY });
  const { register } = form;

  const onSubmit = submit(async (values) => {
    const res = await apiFetch('/api/contact', { method: 'POST', json: { ...values, source: 'contact' } });
    if (!res.success) {
      notify.error(res.message);
      errors.show(issuesFromAnswer(res, Object.keys(EMPTY)));
      return;
    }
    notify.success(res.message);
    form.reset(EMPTY);
  });

  return (
    <ErrorsForm errors={errors} onSubmit={onSubmit} aria-labelledby={`${id}-title`} className="space-y-5">
      <div>
        <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight text-slate-900">
          Get in Touch
        </h2>
        <p className="mt-1 text-sm text-slate-600">Fields marked * are required.</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={required('Your Name')} size="large">
          <Input autoComplete="name" aria-required="true" {...register('name')} />
        </Field>
        <Field label={required('Your Email')} size="large">
          <Input type="email" inputMode="email" autoComplete="email" aria-required="true" {...register('email')} />
        </Field>
        <Field label="Your Phone" size="large">
          <Input type="tel" autoComplete="tel" {...register('phone')} />
        </Field>
        <Field label="Subject" size="large">
          <Input {...register('subject')} />
        </Field>
      </div>
      <Field label={required('Your Message')} size="large">
        <Textarea rows={6} aria-required="true" maxLength={FIELD_MAX.message} {...register('message')} />
      </Field>
      <HoneypotField id={`${id}-website`} {...register('website')} />
      <button
        type="submit"
        disabled={form.formState.isSubmitting}
        className="inline-flex items-center justify-center rounded-lg bg-primary px-6 py-2.5 text-[15px] font-semibold text-primary-fg shadow-sm transition hover:brightness-110 focus-visible:ring-2 focus-visible:ring-primary/40 focus-visible:ring-offset-2"
      >
        Submit Now
      </button>
    </ErrorsForm>
  );
}
