import { ZAccountUpdate } from '../../../api/schemas/account.ts';
import { Button, Input } from '../../components/ui/controls.tsx';
import Field from '../../components/ui/Field.tsx';
import { ErrorsForm } from '../../components/ui/field-errors.tsx';
import { useSchemaForm } from '../../components/ui/schema-form.ts';
import { apiFetch } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import Section from './Section.tsx';
import type { TAccount } from './types.ts';

type TValues = { name: string; phone: string };

/** Name and phone (the phone is for the site's team only, never shown publicly). */
export default function ProfileSection({ account, onSaved }: { account: TAccount; onSaved: (a: TAccount) => void }) {
  const { form, submit, errors, failed } = useSchemaForm<TValues>({
    defaults: { name: account.name, phone: account.phone },
    schema: ZAccountUpdate,
  });
  const onSubmit = submit(async (values) => {
    const res = await apiFetch('/api/account', { method: 'PATCH', json: values });
    if (!res.success) {
      failed(res);
      return;
    }
    notify.success(res.message);
    onSaved(res.data);
  });
  return (
    <Section title="Profile" intro="Your phone number is only seen by the site's team; it is never shown on your ads.">
      <ErrorsForm errors={errors} onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" htmlFor="account-name">
          <Input id="account-name" autoComplete="name" {...form.register('name')} />
        </Field>
        <Field label="Phone" htmlFor="account-phone">
          <Input id="account-phone" type="tel" autoComplete="tel" {...form.register('phone')} />
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Save profile
          </Button>
        </div>
      </ErrorsForm>
    </Section>
  );
}
