import { useId, useState } from 'react';
import { FIELD_MAX } from '../../api/constants/field-limits.ts';
import { apiFetch } from '../lib/api.ts';
import { issuesFromAnswer, issuesFromChecks } from '../lib/form-errors.ts';
import { notify } from '../lib/toast.ts';
import { isEmail } from './content/form-checks.ts';
import { ErrorsForm, errorWiring, FieldError, useFieldErrors } from './ui/field-errors.tsx';
import { HoneypotField } from './ui/HoneypotField.tsx';

export const CONTACT_MESSAGES = {
  name: 'Please enter your name.',
  email: 'Please enter your email.',
  emailFormat: 'Please enter a valid email.',
  message: 'Please enter your message.',
} as const;

const EMPTY = { name: '', email: '', phone: '', subject: '', message: '', website: '' };
type TField = keyof typeof EMPTY;
const FIELDS = Object.keys(EMPTY);

/**
 * Contact Us 'Get in Touch' (docs/SCREENS.md): name, email and message required; sent with
 * sendContactMessage to the admin inbox. `website` is the honeypot people never see
 * (api/services/inbox/bot-check.ts).
 */
export default function ContactForm() {
  const id = useId();
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors();
  const set = (key: TField) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setForm({ ...form, [key]: e.target.value });
    errors.clear(key);
  };
  /** The id, name and error wiring of one control. */
  const control = (key: TField) => ({
    id: `${id}-${key}`,
    name: key,
    value: form[key],
    onChange: set(key),
    ...errorWiring(errors.message(key), `${id}-${key}`),
  });
  const error = (key: TField) => <FieldError controlId={`${id}-${key}`} field={key} message={errors.message(key)} />;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    errors.begin();
    const issues = issuesFromChecks([
      ['name', form.name.trim() !== '', CONTACT_MESSAGES.name],
      ['email', form.email.trim() !== '', CONTACT_MESSAGES.email],
      ['email', isEmail(form.email), CONTACT_MESSAGES.emailFormat],
      ['message', form.message.trim() !== '', CONTACT_MESSAGES.message],
    ]);
    errors.show(issues);
    if (issues[0]) {
      notify.error(issues[0].message);
      return;
    }
    setBusy(true);
    const res = await apiFetch('/api/contact', {
      method: 'POST',
      json: { ...form, source: 'contact' },
    });
    setBusy(false);
    if (!res.success) {
      notify.error(res.message);
      errors.show(issuesFromAnswer(res, FIELDS));
      return;
    }
    notify.success(res.message);
    setForm(EMPTY);
  };

  const input =
    'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-[15px] text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-primary focus:ring-2 focus:ring-primary/30 focus:outline-none';
  const label = 'mb-1.5 block text-sm font-medium text-slate-700';
  return (
    <ErrorsForm errors={errors} onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} className="space-y-5">
      <div>
        <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight text-slate-900">
          Get in Touch
        </h2>
        <p className="mt-1 text-sm text-slate-600">Fields marked * are required.</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className={label}>
            Your Name <span aria-hidden="true">*</span>
          </label>
          <input {...control('name')} autoComplete="name" aria-required="true" className={input} />
          {error('name')}
        </div>
        <div>
          <label htmlFor={`${id}-email`} className={label}>
            Your Email <span aria-hidden="true">*</span>
          </label>
          <input
            {...control('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            aria-required="true"
            className={input}
          />
          {error('email')}
        </div>
        <div>
          <label htmlFor={`${id}-phone`} className={label}>
            Your Phone
          </label>
          <input {...control('phone')} type="tel" autoComplete="tel" className={input} />
          {error('phone')}
        </div>
        <div>
          <label htmlFor={`${id}-subject`} className={label}>
            Subject
          </label>
          <input {...control('subject')} className={input} />
          {error('subject')}
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-message`} className={label}>
          Your Message <span aria-hidden="true">*</span>
        </label>
        <textarea
          {...control('message')}
          rows={6}
          aria-required="true"
          maxLength={FIELD_MAX.message}
          className={input}
        />
        {error('message')}
      </div>
      <HoneypotField id={`${id}-website`} value={form.website} onChange={set('website')} />
      <button
        type="submit"
        disabled={busy}
        className="inline-flex items-center justify-center rounded-lg bg-primary px-6 py-2.5 text-[15px] font-semibold text-primary-fg shadow-sm transition hover:brightness-110 focus-visible:ring-2 focus-visible:ring-primary/40 focus-visible:ring-offset-2"
      >
        Submit Now
      </button>
    </ErrorsForm>
  );
}
