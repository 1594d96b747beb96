import { useState } from 'react';
import { apiFetch } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import Section from './Section.tsx';
import type { TAccount } from './types.ts';

type TSwitchProps = { label: string; checked: boolean; onChange: (next: boolean) => Promise<boolean> };

/** A checkbox that saves on change and goes back if the save fails. */
function Switch({ label, checked, onChange }: TSwitchProps) {
  const [on, setOn] = useState(checked);
  const [busy, setBusy] = useState(false);
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm text-slate-700">
      <input
        type="checkbox"
        className="h-4 w-4 accent-[var(--color-primary)]"
        checked={on}
        disabled={busy}
        onChange={async (e) => {
          const next = e.target.checked;
          setOn(next);
          setBusy(true);
          if (!(await onChange(next))) setOn(!next);
          setBusy(false);
        }}
      />
      {label}
    </label>
  );
}

async function report(res: { success: boolean; message: string }) {
  if (res.success) notify.success(res.message);
  else notify.error(res.message);
  return res.success;
}

/**
 * Mail preferences: new messages (the conversations' own setting), saved-search alerts (the
 * account's) and the newsletter (the subscription of the account's email: turning it on mails
 * a confirmation link first).
 */
export default function PreferencesSection({ account }: { account: TAccount }) {
  const [newsletter, setNewsletter] = useState(account.preferences.newsletter);
  return (
    <Section title="Email notifications">
      <div className="divide-y divide-slate-100">
        <Switch
          label="Email me about new messages"
          checked={account.preferences.messageMails}
          onChange={async (messageMails) =>
            report(await apiFetch('/api/user/message-preferences', { method: 'PUT', json: { messageMails } }))
          }
        />
        <Switch
          label="Email me when a saved search finds new ads"
          checked={account.preferences.alertMails}
          onChange={async (alertMails) =>
            report(await apiFetch('/api/account', { method: 'PATCH', json: { alertMails } }))
          }
        />
        <div>
          <Switch
            label="Send me the newsletter"
            checked={newsletter === 'confirmed' || newsletter === 'pending'}
            onChange={async (on) => {
              const ok = await report(await apiFetch('/api/account', { method: 'PATCH', json: { newsletter: on } }));
              if (ok) setNewsletter(on ? 'pending' : 'unsubscribed');
              return ok;
            }}
          />
          {newsletter === 'pending' && (
            <p className="pb-2 pl-7 text-xs text-slate-500">
              Waiting for you to open the confirmation link we mailed you.
            </p>
          )}
        </div>
      </div>
    </Section>
  );
}
