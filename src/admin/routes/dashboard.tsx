import { useEffect, useState } from 'react';
import ResendVerificationButton from '../../components/auth/ResendVerificationButton.tsx';
import { apiFetch, type TApiData } from '../../lib/api.ts';
import { MyFigures, SiteFigures } from '../dashboard/SiteFigures.tsx';
import { useUser } from '../user-context.ts';

type TJobCounts = TApiData<'/api/admin/job-stats'>['jobs'];

/** The background job queue at a glance: an admin sees mail that cannot get out. */
function JobQueueCard() {
  const [jobs, setJobs] = useState<TJobCounts | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    void apiFetch('/api/admin/job-stats').then((res) => {
      if (res.success) setJobs(res.jobs);
      else setError(res.message);
    });
  }, []);
  const cells: [string, keyof TJobCounts][] = [
    ['Queued', 'queued'],
    ['Running', 'active'],
    ['Failed', 'failed'],
    ['Done (last week)', 'completed'],
  ];
  return (
    <section aria-labelledby="jobs-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="jobs-heading" className="font-semibold text-slate-900">
        Background jobs
      </h3>
      <p className="mt-1 text-sm text-slate-600">Mail and scheduled work waiting on the job queue.</p>
      {error ? (
        <p className="mt-3 text-sm text-red-700">{error}</p>
      ) : (
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {cells.map(([label, key]) => (
            <div key={key} className="rounded-md bg-slate-50 p-3">
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
              <dd
                className={`mt-1 text-2xl font-semibold ${key === 'failed' && jobs?.failed ? 'text-red-700' : 'text-slate-900'}`}
                data-testid={`jobs-${key}`}
              >
                {jobs ? jobs[key] : '…'}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

export default function Dashboard() {
  const user = useUser();
  return (
    <div>
      <h2 className="text-xl font-semibold text-slate-900">Welcome, {user.name}</h2>
      <p className="mt-2 text-slate-600">Select a section from the menu to begin managing the application.</p>
      {!user.emailVerified && (
        <section
          aria-labelledby="verify-heading"
          className="mt-6 flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <h3 id="verify-heading" className="font-semibold">
              Verify your email address
            </h3>
            <p className="mt-1">
              Open the link in the email we sent to {user.email}. Until then you cannot message sellers, and no alerts
              or message mails reach you.
            </p>
          </div>
          <ResendVerificationButton className="shrink-0" />
        </section>
      )}
      {user.role === 'admin' ? <SiteFigures /> : <MyFigures />}
      {user.role === 'admin' && <JobQueueCard />}
    </div>
  );
}
