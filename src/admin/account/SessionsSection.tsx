import { useCallback, useEffect, useState } from 'react';
import { timeAgo } from '../../components/ads/format.ts';
import { Button } from '../../components/ui/controls.tsx';
import { apiFetch, type TApiData } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import Section from './Section.tsx';

type TSession = TApiData<'/api/account/sessions'>['data'][number];

/** Where the account is signed in, with "sign out everywhere else". `version` reloads it. */
export default function SessionsSection({ version }: { version: number }) {
  const [list, setList] = useState<TSession[] | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    const res = await apiFetch('/api/account/sessions');
    if (res.success) setList(res.data);
    else notify.error(res.message);
  }, []);
  useEffect(() => {
    void load();
  }, [load, version]);

  async function signOutOthers() {
    setBusy(true);
    const res = await apiFetch('/api/account/sessions/revoke-others', { method: 'POST' });
    setBusy(false);
    if (!res.success) {
      notify.error(res.message);
      return;
    }
    notify.success(res.message);
    await load();
  }

  return (
    <Section title="Where you're signed in">
      {list === null ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Active sessions">
          {list.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="font-medium text-slate-900">
                {s.browser} on {s.device}
                {s.current && (
                  <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">
                    This browser
                  </span>
                )}
              </span>
              <span className="text-slate-500">Last seen {timeAgo(s.lastSeenAt, Date.now())}</span>
            </li>
          ))}
        </ul>
      )}
      <Button
        variant="secondary"
        className="mt-3"
        disabled={busy || (list?.length ?? 0) < 2}
        onClick={() => void signOutOthers()}
      >
        Sign out everywhere else
      </Button>
    </Section>
  );
}
