import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { uploadUrl } from '../../../api/lib/image-urls.ts';
import { timeAgo } from '../../components/ads/format.ts';
import Pager from '../../components/ui/Pager.tsx';
import { apiFetch, type TApiData } from '../../lib/api.ts';
import { onLiveEvents } from '../../lib/live-events.ts';
import { notify } from '../../lib/toast.ts';
import Spinner from '../components/Spinner.tsx';

type TPage = TApiData<'/api/conversations'>;

/** The switch for mails about new messages (at most one per conversation every 15 minutes). */
function MailSwitch() {
  const [on, setOn] = useState<boolean | null>(null);
  useEffect(() => {
    void apiFetch('/api/user/message-preferences').then((res) => res.success && setOn(res.messageMails));
  }, []);
  async function toggle(next: boolean) {
    setOn(next);
    const res = await apiFetch('/api/user/message-preferences', { method: 'PUT', json: { messageMails: next } });
    if (res.success) notify.success(res.message);
    else {
      setOn(!next);
      notify.error(res.message);
    }
  }
  return (
    <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        className="h-4 w-4 accent-[var(--color-primary)]"
        checked={on ?? false}
        disabled={on === null}
        onChange={(e) => void toggle(e.target.checked)}
      />
      Email me about new messages
    </label>
  );
}

/** The signed-in user's conversations, newest activity first; ?ad= narrows them to one ad. */
export default function Messages() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const adId = Number(params.get('ad')) || undefined;
  const [data, setData] = useState<TPage | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    const q = new URLSearchParams({ page: String(page) });
    if (adId) q.set('adId', String(adId));
    const res = await apiFetch(`/api/conversations?${q}`);
    if (res.success) {
      setData(res);
      setError('');
    } else setError(res.message);
  }, [page, adId]);

  useEffect(() => {
    void load();
  }, [load]);
  // A new message or a read elsewhere reorders the list and changes its badges; after a
  // reconnect or a resync the list is reloaded, since events may have been missed.
  useEffect(
    () => onLiveEvents({ message: () => void load(), read: () => void load(), resync: () => void load() }),
    [load],
  );

  const now = Date.now();
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold text-slate-900">Messages</h2>
        <MailSwitch />
      </div>
      {adId && (
        <p className="mt-2 text-sm text-slate-600">
          Conversations about one of your ads.{' '}
          <Link to="/messages" className="font-medium text-primary underline">
            Show all
          </Link>
        </p>
      )}
      {error && <p className="mt-4 text-sm text-red-700">{error}</p>}
      {!data && !error && <Spinner />}
      {data && data.conversations.length === 0 && (
        <p className="mt-6 rounded-lg bg-slate-50 p-6 text-center text-slate-600">
          No conversations yet. When you message a seller, or a buyer messages you, it shows here.
        </p>
      )}
      {data && data.conversations.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Conversations">
          {data.conversations.map((c) => (
            <li key={c.id}>
              <Link
                to={`/messages/${c.id}`}
                className="flex items-center gap-3 p-3 hover:bg-slate-50 focus-visible:bg-slate-50"
                data-testid="conversation-row"
              >
                <img
                  src={uploadUrl(c.ad.image, 400)}
                  alt=""
                  width={56}
                  height={56}
                  className="h-14 w-14 shrink-0 rounded-md bg-slate-100 object-cover"
                />
                <div className="min-w-0 flex-1">
                  <div className="flex items-baseline justify-between gap-2">
                    <p className={`truncate text-sm ${c.unread ? 'font-semibold text-slate-900' : 'text-slate-800'}`}>
                      {c.other.name}
                    </p>
                    {c.lastMessage && (
                      <time className="shrink-0 text-xs text-slate-500" dateTime={c.lastMessage.createdAt}>
                        {timeAgo(c.lastMessage.createdAt, now)}
                      </time>
                    )}
                  </div>
                  <p className="truncate text-xs text-slate-500">
                    {c.ad.removed ? `Ad removed: ${c.ad.heading}` : c.ad.heading}
                  </p>
                  <div className="flex items-center justify-between gap-2">
                    <p className="truncate text-sm text-slate-600">
                      {c.lastMessage ? `${c.lastMessage.fromMe ? 'You: ' : ''}${c.lastMessage.text}` : ''}
                    </p>
                    {c.unread > 0 && (
                      <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-fg">
                        {c.unread}
                        <span className="sr-only"> unread</span>
                      </span>
                    )}
                  </div>
                </div>
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
          onGo={(p) => {
            const next = new URLSearchParams(params);
            next.set('page', String(p));
            setParams(next);
          }}
        />
      )}
    </div>
  );
}
