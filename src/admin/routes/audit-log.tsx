import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AUDIT_LOG_PAGE_SIZE } from '../../../api/constants/limits.ts';
import { AUDIT_ACTION_LABELS } from '../../../api/constants/moderation.ts';
import { quoted } from '../../../api/lib/quoted.ts';
import Pager from '../../components/ui/Pager.tsx';
import { apiFetch, type TApiData } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import Spinner from '../components/Spinner.tsx';

type TPage = TApiData<'/api/moderation/audit-log'>;

/** The audit log (admin): every moderator action, newest first, 25 a page; the page is in the URL. */
export default function AuditLog() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [data, setData] = useState<TPage | null>(null);
  useEffect(() => {
    let live = true;
    void apiFetch(`/api/moderation/audit-log?page=${page}&limit=${AUDIT_LOG_PAGE_SIZE}`).then((res) => {
      if (!live) return;
      if (res.success) setData(res);
      else notify.error(res.message);
    });
    return () => {
      live = false;
    };
  }, [page]);

  if (!data) return <Spinner />;
  const pages = Math.max(1, Math.ceil(data.total / AUDIT_LOG_PAGE_SIZE));
  const go = (p: number) => setParams(p > 1 ? { page: String(p) } : {});
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Audit log</h2>
        <Link to="/moderation" className="text-sm font-medium text-[var(--color-primary)] hover:underline">
          Back to Moderation
        </Link>
      </div>
      {data.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          No moderator actions yet.
        </p>
      ) : (
        <ol
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm"
          aria-label="Audit log"
        >
          {data.data.map((e) => (
            <li key={e.id} className="space-y-0.5 p-4 text-sm">
              <p className="break-words text-slate-900">
                <strong>{e.actor.name}</strong> · {AUDIT_ACTION_LABELS[e.action]} {quoted(e.targetLabel)}
                <span className="text-slate-500"> (#{e.targetId})</span>
              </p>
              {e.reason && <p className="break-words text-slate-700">Why: {e.reason}</p>}
              <p className="text-xs text-slate-500">
                <time dateTime={e.createdAt}>{new Date(e.createdAt).toLocaleString()}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      {pages > 1 && <Pager page={page} totalPages={pages} onGo={go} />}
    </div>
  );
}
