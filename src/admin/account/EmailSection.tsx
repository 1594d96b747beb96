import { ZChangeEmail } from '../../../api/schemas/account.ts';
import ResendVerificationButton from '../../components/auth/ResendVerificationButton.tsx';
import { Button, Input } from '../../components/ui/controls.tsx';
import Field from '../../components/ui/Field.tsx';
import { ErrorsForm } from '../../components/ui/field-errors.tsx';
import { useSchemaForm } from '../../components/ui/schema-form.ts';
import { apiFetch } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import Section from './Section.tsx';
import type { TAccount } from './types.ts';

type TValues = { newEmail: string; password: string };

/**
 * Whether the address is verified (with the resend button while it is not), and the change of
 * email: a link goes to the new address; the change happens when it is opened.
 */
export default function EmailSection({ account, onSent }: { account: TAccount; onSent: () => void }) {
  const { form, submit, errors, failed } = useSchemaForm<TValues>({
    defaults: { newEmail: '', password: '' },
    schema: ZChangeEmail,
  });
  const onSubmit = submit(async (values) => {
    const res = await apiFetch('/api/account/email', { method: 'POST', json: values });
    if (!res.success) {
      failed(res);
      return;
    }
    notify.success(res.message);
    form.reset();
    onSent();
  });
  return (
    <Section
      title="Email address"
      intro={
        <>
          Signed in as <strong className="font-medium text-slate-900">{account.email}</strong>{' '}
          {account.emailVerified ? (
            <span
              data-testid="email-status"
              className="ml-1 inline-block whitespace-nowrap rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800"
            >
              Verified
            </span>
          ) : (
            <span
              data-testid="email-status"
              className="ml-1 inline-block whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
            >
              Not verified
            </span>
          )}
        </>
      }
    >
      {!account.emailVerified && (
        <div className="mb-4 flex flex-col gap-3 rounded-lg bg-amber-50 px-3 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
          <p>Open the link in the email we sent you to verify this address. Until then you cannot message sellers.</p>
          <ResendVerificationButton className="shrink-0" />
        </div>
      )}
      {account.pendingEmail && (
        <p role="status" className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Waiting for confirmation: open the link we sent to {account.pendingEmail}.
        </p>
      )}
      <ErrorsForm errors={errors} onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <Field label="New email" htmlFor="account-new-email">
          <Input id="account-new-email" type="email" autoComplete="email" {...form.register('newEmail')} />
        </Field>
        <Field label="Current password" htmlFor="account-email-password">
          <Input
            id="account-email-password"
            type="password"
            autoComplete="current-password"
            {...form.register('password')}
          />
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Send confirmation link
          </Button>
        </div>
      </ErrorsForm>
    </Section>
  );
}
