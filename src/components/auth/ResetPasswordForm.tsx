import { ZResetPasswordForm } from '../../../api/schemas/user.ts';
import Spinner from '../../admin/components/Spinner.tsx';
import { apiFetch } from '../../lib/api.ts';
import { useSession } from '../../lib/session-store.ts';
import { flash, notify } from '../../lib/toast.ts';
import { PasswordInput } from '../ui/controls.tsx';
import Field from '../ui/Field.tsx';
import { ErrorsForm } from '../ui/field-errors.tsx';
import { useSchemaForm } from '../ui/schema-form.ts';
import { primaryButtonClass, useHydrated } from './fields.tsx';

export const RESET_MESSAGES = {
  success: 'Password reset successfully',
  mismatch: 'Please enter your password.',
  noToken: 'The reset link is invalid or has expired.',
  differs: 'The two passwords are not the same.',
} as const;

/**
 * Reset Password (docs/SCREENS.md). The token comes from ?token= (the emailed link). A
 * mismatch shows an error toast and sends nothing; success goes to /login (which redirects
 * to /sign-in).
 */
export default function ResetPasswordForm({ token }: { token: string }) {
  const hydrated = useHydrated();
  const { form, submit, errors } = useSchemaForm({
    schema: ZResetPasswordForm,
    mode: 'all',
    defaults: { password: '', confirm: '' },
  });
  const { register, setError, setFocus } = form;
  const { errors: invalid, touchedFields, isValid, isSubmitting } = form.formState;

  const onSubmit = submit(async ({ password, confirm }) => {
    if (password !== confirm) {
      notify.error(RESET_MESSAGES.mismatch, 'Error');
      // The toast keeps the product's text; the field says what is wrong.
      setError('confirm', { message: RESET_MESSAGES.differs });
      setFocus('confirm');
      return;
    }
    if (!token) {
      notify.error(RESET_MESSAGES.noToken, 'Error');
      return;
    }
    const res = await apiFetch('/api/reset-password', { method: 'POST', json: { resetToken: token, password } });
    if (!res.success) {
      notify.error(res.error, 'Error');
      return;
    }
    // The server ended every session of this account.
    useSession.getState().signOut();
    flash('success', RESET_MESSAGES.success);
    window.location.assign('/login');
  });

  return (
    <ErrorsForm errors={errors} method="post" onSubmit={onSubmit} className="space-y-5">
      <Field label="New Password" size="large" error={touchedFields.password ? invalid.password?.message : undefined}>
        <PasswordInput label="New Password" autoComplete="new-password" {...register('password')} />
      </Field>
      <Field
        label="Confirm New Password"
        size="large"
        error={touchedFields.confirm ? invalid.confirm?.message : undefined}
      >
        <PasswordInput label="Confirm New Password" autoComplete="new-password" {...register('confirm')} />
      </Field>
      <button type="submit" className={primaryButtonClass} disabled={!hydrated || !isValid || isSubmitting}>
        Submit
      </button>
      {isSubmitting && <Spinner overlay label="Saving your new password…" />}
    </ErrorsForm>
  );
}
