import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MESSAGES, ZForgotPassword } from '../../../api/schemas/user.ts';
import Spinner from '../../admin/components/Spinner.tsx';
import { apiFetch } from '../../lib/api.ts';
import { flash, notify } from '../../lib/toast.ts';
import { Field, primaryButtonClass, useHydrated } from './fields.tsx';

/**
 * Forgot Password (docs/SCREENS.md): one email field; 'Please enter a valid email.' once the field
 * was touched and is invalid; Submit disabled while invalid; a loading overlay during the call.
 */
export default function ForgotPasswordForm() {
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    formState: { errors, touchedFields, isValid, isSubmitting },
  } = useForm({ resolver: zodResolver(ZForgotPassword), mode: 'all', defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    const res = await apiFetch('/api/forgot-password', { method: 'POST', json: values });
    if (!res.success) {
      notify.error(res.error, 'Error');
      return;
    }
    flash('success', res.message);
    window.location.assign('/reset-password');
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={touchedFields.email && errors.email ? MESSAGES.emailFormat : undefined}
        {...register('email')}
      />
      <button type="submit" className={primaryButtonClass} disabled={!hydrated || !isValid || isSubmitting}>
        Submit
      </button>
      {isSubmitting && <Spinner overlay label="Sending the reset link…" />}
    </form>
  );
}
