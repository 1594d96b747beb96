import { useCallback, useEffect, useState } from 'react';
import { apiFetch } from '../../lib/api.ts';
import DataSection from '../account/DataSection.tsx';
import EmailSection from '../account/EmailSection.tsx';
import PasswordSection from '../account/PasswordSection.tsx';
import PlanSection from '../account/PlanSection.tsx';
import PreferencesSection from '../account/PreferencesSection.tsx';
import ProfileSection from '../account/ProfileSection.tsx';
import SessionsSection from '../account/SessionsSection.tsx';
import type { TAccount } from '../account/types.ts';
import Spinner from '../components/Spinner.tsx';

/** My Account (/admin/account), for every signed-in user: their own profile, plan, mail, sessions and data. */
export default function Account() {
  const [account, setAccount] = useState<TAccount | null>(null);
  const [error, setError] = useState('');
  const [sessionsVersion, setSessionsVersion] = useState(0);
  const load = useCallback(async () => {
    const res = await apiFetch('/api/account');
    if (res.success) setAccount(res.data);
    else setError(res.message);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (error)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
        {error}
      </p>
    );
  if (!account) return <Spinner />;
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <h2 className="text-xl font-semibold text-slate-900">My Account</h2>
      <ProfileSection account={account} onSaved={setAccount} />
      <PlanSection account={account} />
      <EmailSection account={account} onSent={() => void load()} />
      <PasswordSection onChanged={() => setSessionsVersion((v) => v + 1)} />
      <PreferencesSection account={account} />
      <SessionsSection version={sessionsVersion} />
      <DataSection />
    </div>
  );
}
