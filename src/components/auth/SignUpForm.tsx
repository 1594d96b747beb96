import { EMAIL_TAKEN } from '../../../api/constants/users.ts';
import { ZSignup } from '../../../api/schemas/user.ts';
import { apiFetch } from '../../lib/api.ts';
import { DEFAULT_AFTER_SIGN_IN, safeNextPath } from '../../lib/next-path.ts';
import { useSession } from '../../lib/session-store.ts';
import { flash } from '../../lib/toast.ts';
import { Input, PasswordInput } from '../ui/controls.tsx';
import Field from '../ui/Field.tsx';
import { ErrorsForm } from '../ui/field-errors.tsx';
import { HoneypotField } from '../ui/HoneypotField.tsx';
import { useSchemaForm } from '../ui/schema-form.ts';
import { primaryButtonClass, useHydrated } from './fields.tsx';

/**
 * Sign up (docs/SCREENS.md): on success the user is signed in and goes to `next` (checked by
 * the page: a path on this site), else to /admin/dashboard.
 */
export default function SignUpForm({ next = DEFAULT_AFTER_SIGN_IN }: { next?: string }) {
  const hydrated = useHydrated();
  const { form, submit, errors, failed } = useSchemaForm({
    schema: ZSignup,
    defaults: { name: '', email: '', password: '', cpassword: '', website: '' },
  });
  const { register } = form;
  const { isSubmitting } = form.formState;

  const onValid = submit(async (values) => {
    const res = await apiFetch('/api/user/signup', {
      method: 'POST',
      // Time since the page began loading (people may type before the form is interactive):
      // the server refuses a sign-up sent sooner than a person could type it.
      json: values,
    });
    if (!res.success) {
      failed(res);
      // A taken address is the email field's problem.
      if (res.error === EMAIL_TAKEN) errors.show([{ field: 'email', message: EMAIL_TAKEN }]);
      return;
    }
    useSession.getState().signIn(res.userinfo, res.expiresAt);
    flash('success', res.message ?? 'Account created.');
    // A full page load, so the server sees the new session cookie.
    window.location.assign(safeNextPath(next));
  });

  return (
    <ErrorsForm errors={errors} method="post" onSubmit={onValid} className="space-y-5">
      <Field label="Name" size="large">
        <Input autoComplete="name" {...register('name')} />
      </Field>
      <Field label="Email" size="large">
        <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
      </Field>
      <Field label="Password" size="large">
        <PasswordInput label="Password" autoComplete="new-password" {...register('password')} />
      </Field>
      <Field label="Confirm Password" size="large">
        <PasswordInput label="Confirm Password" autoComplete="new-password" {...register('cpassword')} />
      </Field>
      <HoneypotField id="signup-website" {...register('website')} />
      <button type="submit" className={primaryButtonClass} disabled={!hydrated || isSubmitting}>
        {isSubmitting ? 'Creating your account…' : 'Sign Up'}
      </button>
    </ErrorsForm>
  );
}
