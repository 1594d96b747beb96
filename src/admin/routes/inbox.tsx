import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { timeAgo } from '../../components/ads/format.ts';
import Pager from '../../components/ui/Pager.tsx';
import { apiFetch, type TApiData } from '../../lib/api.ts';
import Spinner from '../components/Spinner.tsx';

type TPage = TApiData<'/api/admin/inbox'>;

/** The admin inbox (docs/SCREENS.md, Inbox): Contact Us and FAQ questions, newest first, unread in bold. */
export default function Inbox() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const unreadOnly = params.get('unread') === '1';
  const [data, setData] = useState<TPage | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    const q = new URLSearchParams({ page: String(page) });
    if (unreadOnly) q.set('unread', '1');
    const res = await apiFetch(`/api/admin/inbox?${q}`);
    if (res.success) {
      setData(res);
      setError('');
    } else setError(res.message);
  }, [page, unreadOnly]);
  useEffect(() => {
    void load();
  }, [load]);

  const go = (next: { page?: number; unread?: boolean }) => {
    const q = new URLSearchParams();
    if ((next.page ?? page) > 1) q.set('page', String(next.page ?? page));
    if (next.unread ?? unreadOnly) q.set('unread', '1');
    setParams(q);
  };
  const tab = (active: boolean) =>
    `rounded-md px-3 py-1.5 text-sm font-medium ${active ? 'bg-primary text-primary-fg' : 'text-slate-700 hover:bg-slate-100'}`;
  const now = Date.now();
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold text-slate-900">Inbox</h2>
        <fieldset className="flex gap-1">
          <legend className="sr-only">Show</legend>
          <button
            type="button"
            className={tab(!unreadOnly)}
            aria-pressed={!unreadOnly}
            onClick={() => go({ page: 1, unread: false })}
          >
            All
          </button>
          <button
            type="button"
            className={tab(unreadOnly)}
            aria-pressed={unreadOnly}
            onClick={() => go({ page: 1, unread: true })}
          >
            Unread{data ? ` (${data.unread})` : ''}
          </button>
        </fieldset>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Messages from Contact Us and the FAQ page. Open one to read and answer it.
      </p>
      {error && <p className="mt-4 text-sm text-red-700">{error}</p>}
      {!data && !error && <Spinner />}
      {data && data.data.length === 0 && (
        <p className="mt-6 rounded-lg bg-slate-50 p-6 text-center text-slate-600">
          {unreadOnly
            ? 'Everything is read.'
            : 'No messages yet. When a visitor writes through Contact Us or the FAQ page, it shows here.'}
        </p>
      )}
      {data && data.data.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Messages">
          {data.data.map((m) => (
            <li key={m.id} className={m.read ? '' : 'bg-primary/5'}>
              <Link
                to={`/inbox/${m.id}`}
                className="block p-3 hover:bg-slate-50 focus-visible:bg-slate-50"
                data-testid="inbox-row"
                data-unread={!m.read}
              >
                <div className="flex items-baseline justify-between gap-2">
                  <p className={`truncate text-sm ${m.read ? 'text-slate-800' : 'font-semibold text-slate-900'}`}>
                    {!m.read && <span className="sr-only">Unread: </span>}
                    {m.name} <span className="font-normal text-slate-500">&lt;{m.email}&gt;</span>
                  </p>
                  <time className="shrink-0 text-xs text-slate-500" dateTime={m.createdAt}>
                    {timeAgo(m.createdAt, now)}
                  </time>
                </div>
                <p className="truncate text-sm text-slate-700">
                  <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                    {m.source === 'faq' ? 'FAQ' : 'Contact'}
                  </span>
                  {m.subject || m.message}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {data && data.totalPages > 1 && (
        <Pager
          className="mt-4"
          page={page}
          totalPages={data.totalPages}
          onGo={(p) => go({ page: p })}
          previous="Previous"
        />
      )}
    </div>
  );
}
