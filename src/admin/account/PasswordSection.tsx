import { ZChangePassword } from '../../../api/schemas/account.ts';
import { Button, Input } from '../../components/ui/controls.tsx';
import Field from '../../components/ui/Field.tsx';
import { ErrorsForm } from '../../components/ui/field-errors.tsx';
import { useSchemaForm } from '../../components/ui/schema-form.ts';
import { apiFetch } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import Section from './Section.tsx';

type TValues = { currentPassword: string; newPassword: string };

/** Change of password: needs the current one; every other browser is signed out. */
export default function PasswordSection({ onChanged }: { onChanged: () => void }) {
  const { form, submit, errors, failed } = useSchemaForm<TValues>({
    defaults: { currentPassword: '', newPassword: '' },
    schema: ZChangePassword,
  });
  const onSubmit = submit(async (values) => {
    const res = await apiFetch('/api/account/password', { method: 'POST', json: values });
    if (!res.success) {
      failed(res);
      return;
    }
    notify.success(res.message);
    form.reset();
    onChanged();
  });
  return (
    <Section title="Password" intro="Changing it signs you out on every other browser and device.">
      <ErrorsForm errors={errors} onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <Field label="Current password" htmlFor="account-current-password">
          <Input
            id="account-current-password"
            type="password"
            autoComplete="current-password"
            {...form.register('currentPassword')}
          />
        </Field>
        <Field label="New password" htmlFor="account-new-password" hint="At least 6 characters.">
          <Input
            id="account-new-password"
            type="password"
            autoComplete="new-password"
            {...form.register('newPassword')}
          />
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Change password
          </Button>
        </div>
      </ErrorsForm>
    </Section>
  );
}
