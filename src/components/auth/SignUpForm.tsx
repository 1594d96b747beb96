import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ZSignup } from '../../../api/schemas/user.ts';
import { apiFetch } from '../../lib/api.ts';
import { DEFAULT_AFTER_SIGN_IN, safeNextPath } from '../../lib/next-path.ts';
import { useSession } from '../../lib/session-store.ts';
import { flash, notify } from '../../lib/toast.ts';
import { HONEYPOT_CLASS } from '../content/form-checks.ts';
import { Field, firstMessage, primaryButtonClass, useHydrated } from './fields.tsx';

const ORDER = ['name', 'email', 'password', 'cpassword'] as const;

/**
 * Sign up (docs/SCREENS.md): on success the user is signed in and goes to `next` (checked by
 * the page: a path on this site), else to /admin/dashboard.
 */
export default function SignUpForm({ next = DEFAULT_AFTER_SIGN_IN }: { next?: string }) {
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(ZSignup),
    defaultValues: { name: '', email: '', password: '', cpassword: '', website: '' },
  });

  const onValid = handleSubmit(
    async (values) => {
      const res = await apiFetch('/api/user/signup', {
        method: 'POST',
        // Time since the page began loading (people may type before the form is interactive):
        // the server refuses a sign-up sent sooner than a person could type it.
        json: { ...values, fillMs: Math.round(performance.now()) },
      });
      if (!res.success) {
        notify.error(res.error);
        return;
      }
      useSession.getState().signIn(res.userinfo, res.expiresAt);
      flash('success', res.message ?? 'Account created.');
      // A full page load, so the server sees the new session cookie.
      window.location.assign(safeNextPath(next));
    },
    (errors) => {
      const message = firstMessage(ORDER, errors);
      if (message) notify.error(message);
    },
  );

  return (
    <form method="post" noValidate onSubmit={onValid} className="space-y-5">
      <Field label="Name" autoComplete="name" {...register('name')} />
      <Field label="Email" type="email" autoComplete="email" inputMode="email" {...register('email')} />
      <Field label="Password" type="password" autoComplete="new-password" reveal {...register('password')} />
      <Field label="Confirm Password" type="password" autoComplete="new-password" reveal {...register('cpassword')} />
      <div className={HONEYPOT_CLASS} aria-hidden="true">
        <label htmlFor="signup-website">Leave this field empty</label>
        <input id="signup-website" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <button type="submit" className={primaryButtonClass} disabled={!hydrated || isSubmitting}>
        {isSubmitting ? 'Creating your account…' : 'Sign Up'}
      </button>
    </form>
  );
}
