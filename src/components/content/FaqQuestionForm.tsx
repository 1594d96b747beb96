import { useId, useState } from 'react';
import { notify } from '../../lib/toast.ts';
import { firstError } from './form-checks.ts';

export const FAQ_FORM_MESSAGES = {
  name: 'Please enter your name.',
  phone: 'Please enter your phone number.',
  done: "Thanks! Questions can't be sent online yet, so nothing was sent. Please call or email us and we'll gladly help.",
} as const;

/** 'Ask Your Valuable Questions' (SPEC.md §2 FAQ, §5): name and phone required; no call. */
export default function FaqQuestionForm() {
  const id = useId();
  const [form, setForm] = useState({ name: '', phone: '', message: '' });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const error = firstError([
      [form.name.trim() !== '', FAQ_FORM_MESSAGES.name],
      [form.phone.trim() !== '', FAQ_FORM_MESSAGES.phone],
    ]);
    if (error) return notify.error(error);
    notify.success(FAQ_FORM_MESSAGES.done);
    setForm({ name: '', phone: '', message: '' });
  };
  const input =
    'w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-primary focus:ring-2 focus:ring-primary/30 focus:outline-none';
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        Ask Your Valuable Questions
      </h2>
      <div>
        <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium text-slate-700">
          Name <span aria-hidden="true">*</span>
        </label>
        <input
          id={`${id}-name`}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          autoComplete="name"
          aria-required="true"
          className={input}
        />
      </div>
      <div>
        <label htmlFor={`${id}-phone`} className="mb-1 block text-sm font-medium text-slate-700">
          Phone <span aria-hidden="true">*</span>
        </label>
        <input
          id={`${id}-phone`}
          type="tel"
          value={form.phone}
          onChange={(e) => setForm({ ...form, phone: e.target.value })}
          autoComplete="tel"
          aria-required="true"
          className={input}
        />
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="mb-1 block text-sm font-medium text-slate-700">
          Message
        </label>
        <textarea
          id={`${id}-message`}
          rows={4}
          value={form.message}
          onChange={(e) => setForm({ ...form, message: e.target.value })}
          className={input}
        />
      </div>
      <button
        type="submit"
        className="w-full rounded-lg bg-primary px-4 py-2.5 text-sm font-semibold text-primary-fg hover:brightness-110"
      >
        Submit Now
      </button>
    </form>
  );
}
