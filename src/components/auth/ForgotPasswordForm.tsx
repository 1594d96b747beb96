import { MESSAGES, ZForgotPassword } from '../../../api/schemas/user.ts';
import Spinner from '../../admin/components/Spinner.tsx';
import { apiFetch } from '../../lib/api.ts';
import { flash, notify } from '../../lib/toast.ts';
import { Input } from '../ui/controls.tsx';
import Field from '../ui/Field.tsx';
import { ErrorsForm } from '../ui/field-errors.tsx';
import { useSchemaForm } from '../ui/schema-form.ts';
import { primaryButtonClass, useHydrated } from './fields.tsx';

/**
 * Forgot Password (docs/SCREENS.md): one email field; 'Please enter a valid email.' once the field
 * was touched and is invalid; Submit disabled while invalid; a loading overlay during the call.
 */
export default function ForgotPasswordForm() {
  const hydrated = useHydrated();
  const { form, submit, errors } = useSchemaForm({ schema: ZForgotPassword, mode: 'all', defaults: { email: '' } });
  const { register } = form;
  const { errors: invalid, touchedFields, isValid, isSubmitting } = form.formState;

  const onSubmit = submit(async (values) => {
    const res = await apiFetch('/api/forgot-password', { method: 'POST', json: values });
    if (!res.success) {
      notify.error(res.error, 'Error');
      return;
    }
    flash('success', res.message);
    window.location.assign('/reset-password');
  });

  return (
    <ErrorsForm errors={errors} method="post" onSubmit={onSubmit} className="space-y-5">
      <Field label="Email" size="large" error={touchedFields.email && invalid.email ? MESSAGES.emailFormat : undefined}>
        <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
      </Field>
      <button type="submit" className={primaryButtonClass} disabled={!hydrated || !isValid || isSubmitting}>
        Submit
      </button>
      {isSubmitting && <Spinner overlay label="Sending the reset link…" />}
    </ErrorsForm>
  );
}
