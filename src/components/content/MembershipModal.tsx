import { useEffect, useId, useRef, useState } from 'react';
import { notify } from '../../lib/toast.ts';
import { firstError, isEmail } from './form-checks.ts';

export const MEMBERSHIP_MESSAGES = {
  email: 'Please enter your email address.',
  emailFormat: 'Please enter a valid email address.',
  password: 'Please enter a password.',
  confirmPassword: 'Please confirm your password.',
  telephone: 'Please enter your telephone number.',
  businessName: 'Please enter your business name.',
  done: "Thanks! Online membership sign-up isn't open yet, so nothing was sent. Please contact us to join this plan.",
} as const;

type TForm = { email: string; password: string; confirmPassword: string; telephone: string; businessName: string };
const EMPTY: TForm = { email: '', password: '', confirmPassword: '', telephone: '', businessName: '' };

type Props = { planName: string | null; onClose: () => void };

/**
 * The Membership Form modal (SPEC.md §2, §5, §9): five required fields and a valid email;
 * about 400px wide, at most 90vw; closes only through Cancel or a valid Submit (no
 * backdrop click, no Escape). It makes no call.
 */
export default function MembershipModal({ planName, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [form, setForm] = useState<TForm>(EMPTY);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (planName !== null && !dialog.open) {
      setForm(EMPTY);
      dialog.showModal();
    } else if (planName === null && dialog.open) dialog.close();
  }, [planName]);

  const set = (k: keyof TForm) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const error = firstError([
      [form.email.trim() !== '', MEMBERSHIP_MESSAGES.email],
      [isEmail(form.email), MEMBERSHIP_MESSAGES.emailFormat],
      [form.password !== '', MEMBERSHIP_MESSAGES.password],
      [form.confirmPassword !== '', MEMBERSHIP_MESSAGES.confirmPassword],
      [form.telephone.trim() !== '', MEMBERSHIP_MESSAGES.telephone],
      [form.businessName.trim() !== '', MEMBERSHIP_MESSAGES.businessName],
    ]);
    if (error) return notify.error(error);
    notify.success(MEMBERSHIP_MESSAGES.done);
    onClose();
  };

  const field = (key: keyof TForm, label: string, type: string, autoComplete: string) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type={type}
        value={form[key]}
        onChange={set(key)}
        autoComplete={autoComplete}
        className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-primary focus:ring-2 focus:ring-primary/30 focus:outline-none"
      />
    </div>
  );

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => e.preventDefault()}
      className="m-auto w-[400px] max-w-[90vw] rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-slate-900/60"
    >
      <form onSubmit={submit} noValidate className="space-y-4 p-6">
        <div>
          <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
            Membership Form
          </h2>
          {planName && <p className="mt-1 text-sm text-slate-600">Plan: {planName}</p>}
        </div>
        {field('email', 'Email Address', 'email', 'email')}
        {field('password', 'Password', 'password', 'new-password')}
        {field('confirmPassword', 'Confirm Password', 'password', 'new-password')}
        {field('telephone', 'Telephone', 'tel', 'tel')}
        {field('businessName', 'Business Name', 'text', 'organization')}
        <div className="flex justify-end gap-2 pt-2">
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Cancel
          </button>
          <button
            type="submit"
            className="rounded-lg bg-primary px-4 py-2 text-sm font-semibold text-primary-fg hover:brightness-110"
          >
            Submit
          </button>
        </div>
      </form>
    </dialog>
  );
}
