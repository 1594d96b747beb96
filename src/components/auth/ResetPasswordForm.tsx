import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MESSAGES, ZResetPassword } from '../../../api/schemas/user.ts';
import Spinner from '../../admin/components/Spinner.tsx';
import { apiFetch } from '../../lib/api.ts';
import { useSession } from '../../lib/session-store.ts';
import { clearErrors, flash, notify } from '../../lib/toast.ts';
import { Field, primaryButtonClass, useHydrated } from './fields.tsx';

export const RESET_MESSAGES = {
  success: 'Password reset successfully',
  mismatch: 'Please enter your password.',
  noToken: 'The reset link is invalid or has expired.',
  differs: 'The two passwords are not the same.',
} as const;

/** The form's own fields: the server's password rule (required, min 6) and a required confirm. */
const ZResetForm = z.object({
  password: ZResetPassword.shape.password,
  confirm: z.string().min(1, MESSAGES.cpassword),
});

/**
 * Reset Password (docs/SCREENS.md). The token comes from ?token= (the emailed link). A
 * mismatch shows an error toast and sends nothing; success goes to /login (which redirects
 * to /sign-in).
 */
export default function ResetPasswordForm({ token }: { token: string }) {
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, touchedFields, isValid, isSubmitting },
  } = useForm({ resolver: zodResolver(ZResetForm), mode: 'all', defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit(async ({ password, confirm }) => {
    clearErrors();
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
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
      <Field
        label="New Password"
        type="password"
        autoComplete="new-password"
        reveal
        error={touchedFields.password ? errors.password?.message : undefined}
        {...register('password')}
      />
      <Field
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        reveal
        error={touchedFields.confirm ? errors.confirm?.message : undefined}
        {...register('confirm')}
      />
      <button type="submit" className={primaryButtonClass} disabled={!hydrated || !isValid || isSubmitting}>
        Submit
      </button>
      {isSubmitting && <Spinner overlay label="Saving your new password…" />}
    </form>
  );
}
