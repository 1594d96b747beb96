import { useState } from 'react';
import { ZDeleteAccount } from '../../../api/schemas/account.ts';
import { Button, Input } from '../../components/ui/controls.tsx';
import Field from '../../components/ui/Field.tsx';
import { ErrorsForm } from '../../components/ui/field-errors.tsx';
import { useSchemaForm } from '../../components/ui/schema-form.ts';
import { apiFetch } from '../../lib/api.ts';
import { useSession } from '../../lib/session-store.ts';
import { flash } from '../../lib/toast.ts';
import Section from './Section.tsx';

/**
 * "Download my data" (a JSON file the browser saves: the API answers it as an attachment) and
 * "Delete my account", which needs the password and then leaves the signed-in area.
 */
export default function DataSection() {
  const [confirming, setConfirming] = useState(false);
  const { form, submit, errors, failed } = useSchemaForm<{ password: string }>({
    defaults: { password: '' },
    schema: ZDeleteAccount,
  });
  const onDelete = submit(async (values) => {
    const res = await apiFetch('/api/account/delete', { method: 'POST', json: values });
    if (!res.success) {
      failed(res);
      return;
    }
    // The home page says so once: a toast waiting for it (a reload does not repeat it).
    useSession.getState().signOut();
    flash('success', 'Your account and everything in it were deleted.', 'Account deleted', '/');
    window.location.assign('/?account=deleted');
  });
  return (
    <>
      <Section title="Your data" intro="A JSON file with your profile, ads, messages, wishlist and saved searches.">
        <a
          href="/api/account/export"
          download
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 md:min-h-0"
        >
          Download my data
        </a>
      </Section>
      <Section
        title="Delete account"
        danger
        intro="This removes your account, your ads with their photos, your messages and every sign-in. It cannot be undone."
      >
        {confirming ? (
          <ErrorsForm errors={errors} onSubmit={onDelete} className="grid gap-4 sm:grid-cols-2">
            <Field label="Password" htmlFor="account-delete-password">
              <Input
                id="account-delete-password"
                type="password"
                autoComplete="current-password"
                {...form.register('password')}
              />
            </Field>
            <div className="flex flex-wrap gap-2 sm:col-span-2">
              <Button
                type="submit"
                className="bg-red-600 text-white hover:bg-red-700"
                disabled={form.formState.isSubmitting}
              >
                Delete my account
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </div>
          </ErrorsForm>
        ) : (
          <Button variant="secondary" className="text-red-700" onClick={() => setConfirming(true)}>
            Delete my account…
          </Button>
        )}
      </Section>
    </>
  );
}
