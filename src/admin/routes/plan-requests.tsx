import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../components/ui/controls.tsx';
import { apiFetch, type TApiData } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import Spinner from '../components/Spinner.tsx';

type TRequest = TApiData<'/api/plan-requests'>['data'][number];

const STATUS_LOOK: Record<TRequest['status'], string> = {
  pending: 'bg-amber-50 text-amber-800',
  approved: 'bg-emerald-50 text-emerald-700',
  declined: 'bg-red-50 text-red-700',
  replaced: 'bg-slate-100 text-slate-600',
};

/**
 * Plan requests (admin): pending first, each with Approve and Decline. Approving changes the
 * user's plan and limits at once; either decision mails the user. Payment is arranged by the
 * team outside the site, before approving.
 */
export default function PlanRequests() {
  const [rows, setRows] = useState<TRequest[] | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const load = useCallback(async () => {
    const res = await apiFetch('/api/plan-requests?limit=100');
    if (res.success) setRows(res.data);
    else notify.error(res.message);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function decide(id: number, decision: 'approve' | 'decline') {
    setBusyId(id);
    const res = await apiFetch(`/api/plan-requests/${id}/decision`, { method: 'POST', json: { decision } });
    setBusyId(null);
    if (res.success) notify.success(res.message);
    else notify.error(res.message);
    await load();
  }

  if (!rows) return <Spinner />;
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Plan Requests</h2>
      <p className="text-sm text-slate-600">
        Arrange payment with the member first; approving switches their plan and limits at once. Each decision is
        emailed to them.
      </p>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          No plan requests yet. They appear here when members choose a paid plan on the Membership page.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Plan requests">
          {rows.map((r) => (
            <li key={r.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 space-y-1 text-sm">
                  <p className="font-semibold text-slate-900">
                    {r.user.name} <span className="font-normal text-slate-500">({r.user.email})</span>
                  </p>
                  <p className="text-slate-700">
                    <span className="capitalize">{r.user.subscription}</span> → <strong>{r.planName}</strong> ·{' '}
                    {r.businessName} · {r.telephone}
                  </p>
                  {r.note && <p className="break-words text-slate-600">“{r.note}”</p>}
                  <p className="text-xs text-slate-500">{new Date(r.createdAt).toLocaleString()}</p>
                </div>
                {r.status === 'pending' ? (
                  <div className="flex gap-2">
                    <Button disabled={busyId === r.id} onClick={() => void decide(r.id, 'approve')}>
                      Approve
                    </Button>
                    <Button variant="secondary" disabled={busyId === r.id} onClick={() => void decide(r.id, 'decline')}>
                      Decline
                    </Button>
                  </div>
                ) : (
                  <span className={`rounded-full px-2.5 py-1 text-xs font-medium capitalize ${STATUS_LOOK[r.status]}`}>
                    {r.status}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
