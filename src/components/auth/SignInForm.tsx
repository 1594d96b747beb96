import { useEffect, useState } from 'react';
import { MODERATION_TEXTS } from '../../../api/constants/moderation.ts';
import { ZLogin } from '../../../api/schemas/user.ts';
import { apiFetch } from '../../lib/api.ts';
import { DEFAULT_AFTER_SIGN_IN, safeNextPath } from '../../lib/next-path.ts';
import { useSession } from '../../lib/session-store.ts';
import { flash, notify } from '../../lib/toast.ts';
import { Input, PasswordInput } from '../ui/controls.tsx';
import Field from '../ui/Field.tsx';
import { ErrorsForm } from '../ui/field-errors.tsx';
import { useSchemaForm } from '../ui/schema-form.ts';
import { primaryButtonClass, useHydrated } from './fields.tsx';

export const LOGIN_MESSAGES = {
  failure: 'Please enter valid information',
  success: 'Succesfully login.',
  guard: 'Unable to access dashboard. Please login again.',
} as const;

/**
 * Log in (docs/SCREENS.md). `guard` is set when the admin guard sent the visitor here: the
 * "Unable to access dashboard" toast shows once and the stale client session (if any) is
 * dropped. `next` (already checked by the page: a path on this site) is where the visitor
 * was going: they land there after signing in, else on the dashboard.
 */
export default function SignInForm({
  guard = false,
  next = DEFAULT_AFTER_SIGN_IN,
}: {
  guard?: boolean;
  next?: string;
}) {
  const hydrated = useHydrated();
  const { form, submit, errors } = useSchemaForm({ schema: ZLogin, defaults: { email: '', password: '' } });
  const { register } = form;
  const { isSubmitting } = form.formState;
  // A suspended account's sentence stays at the form, not only in a toast that fades.
  const [suspended, setSuspended] = useState('');

  useEffect(() => {
    if (!guard) return;
    useSession.getState().signOut();
    notify.error(LOGIN_MESSAGES.guard, 'Error');
    // A reload should not repeat the toast.
    const url = new URL(window.location.href);
    url.searchParams.delete('guard');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
  }, [guard]);

  const onSubmit = submit(async (values) => {
    const res = await apiFetch('/api/user/login', { method: 'POST', json: values });
    if (!res.success) {
      // A suspended account is told so; every other failure keeps the one sign-in message
      // (which of the two fields was wrong is not told).
      const banned = res.message === MODERATION_TEXTS.banned;
      setSuspended(banned ? res.message : '');
      notify.error(banned ? res.message : LOGIN_MESSAGES.failure);
      return;
    }
    useSession.getState().signIn(res.userinfo, res.expiresAt);
    flash('success', LOGIN_MESSAGES.success);
    // A full page load, so the server sees the new session cookie.
    window.location.assign(safeNextPath(next));
  });

  return (
    <ErrorsForm errors={errors} method="post" onSubmit={onSubmit} className="space-y-5">
      <Field label="Email" size="large">
        <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
      </Field>
      <div>
        <Field label="Password" size="large">
          <PasswordInput label="Password" autoComplete="current-password" {...register('password')} />
        </Field>
        <p className="mt-2 text-right text-sm">
          <a href="/forget-password" className="font-medium text-primary-ink hover:underline">
            Forget Password
          </a>
        </p>
      </div>
      {suspended && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {suspended}
        </p>
      )}
      <button type="submit" className={primaryButtonClass} disabled={!hydrated || isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign In'}
      </button>
    </ErrorsForm>
  );
}
