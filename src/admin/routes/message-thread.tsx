import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { uploadUrl } from '../../../api/lib/image-urls.ts';
import { ZReportConversation } from '../../../api/schemas/messages.ts';
import { formatPrice } from '../../components/ads/format.ts';
import Composer from '../../components/messages/Composer.tsx';
import MessageText from '../../components/messages/MessageText.tsx';
import { Button, Textarea } from '../../components/ui/controls.tsx';
import Field from '../../components/ui/Field.tsx';
import { ErrorsForm } from '../../components/ui/field-errors.tsx';
import { useSchemaForm } from '../../components/ui/schema-form.ts';
import { apiFetch, type TApiData } from '../../lib/api.ts';
import { onLiveEvents } from '../../lib/live-events.ts';
import { notify } from '../../lib/toast.ts';
import { SubmitCancel } from '../components/form.tsx';
import Spinner from '../components/Spinner.tsx';
import ThreadReview from '../components/ThreadReview.tsx';
import { useUser } from '../user-context.ts';

type TThread = TApiData<'/api/conversations/{id}'>;
type TMessage = TThread['messages'][number];

const POLL_MS = 10_000;
const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Adds messages not yet shown, in id order (a live event and a reload may bring the same one). */
function merge(list: TMessage[], more: TMessage[]): TMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Reporting a conversation: the reason is checked by the shared schema before anything is sent. */
function ReportForm({ id, done }: { id: number; done: () => void }) {
  const { form, submit, errors, failed } = useSchemaForm<{ reason: string }>({
    defaults: { reason: '' },
    schema: ZReportConversation,
  });
  const onSubmit = submit(async (values) => {
    const res = await apiFetch(`/api/conversations/${id}/report`, { method: 'POST', json: values });
    if (!res.success) return failed(res);
    notify.success(res.message);
    done();
  });
  return (
    <ErrorsForm errors={errors} onSubmit={onSubmit} className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <Field label="Why are you reporting this conversation?" htmlFor="report-reason">
        <Textarea id="report-reason" rows={2} {...form.register('reason')} />
      </Field>
      <SubmitCancel submitLabel="Send report" onCancel={done} />
    </ErrorsForm>
  );
}

/**
 * One conversation: its messages (live), its review (ThreadReview), the composer, block and
 * report. Opening it marks it read.
 */
export default function MessageThread() {
  const id = Number(useParams().id);
  const [thread, setThread] = useState<TThread | null>(null);
  const [list, setList] = useState<TMessage[]>([]);
  const [error, setError] = useState('');
  const [reporting, setReporting] = useState(false);
  const me = useUser();
  const end = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    const res = await apiFetch(`/api/conversations/${id}`);
    if (!res.success) return setError(res.message);
    setThread(res);
    setList((old) => merge(old, res.messages));
    if (!res.readOnly && res.conversation.unread > 0)
      void apiFetch(`/api/conversations/${id}/read`, { method: 'POST' });
  }, [id]);

  useEffect(() => {
    setList([]);
    void load();
  }, [load]);

  // New messages arrive live; while the stream is down, the thread polls instead.
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const off = onLiveEvents({
      message: (e) => {
        if (e.conversationId !== id) return;
        setList((old) => merge(old, [e.message]));
        if (!e.message.mine) void apiFetch(`/api/conversations/${id}/read`, { method: 'POST' });
      },
      polling: (on) => {
        clearInterval(timer);
        if (on) timer = setInterval(() => void load(), POLL_MS);
      },
      // Events may have been missed (a reconnect, the server's resync): reload the thread.
      resync: () => void load(),
    });
    return () => {
      off();
      clearInterval(timer);
    };
  }, [id, load]);

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [list.length]);

  async function older() {
    const first = list[0];
    if (!first) return;
    const res = await apiFetch(`/api/conversations/${id}?before=${first.id}`);
    if (!res.success) return notify.error(res.message);
    setList((old) => merge(old, res.messages));
    setThread((t) => (t ? { ...t, hasMore: res.hasMore } : t));
  }

  async function send(text: string, key: string) {
    const res = await apiFetch(`/api/conversations/${id}/messages`, {
      method: 'POST',
      json: { text },
      idempotencyKey: key,
    });
    if (!res.success) return res.message;
    setList((old) => merge(old, [res.sent]));
    return null;
  }

  async function toggleBlock() {
    if (!thread) return;
    const blocking = !thread.conversation.blockedByMe;
    const res = await apiFetch(`/api/conversations/${id}/block`, { method: blocking ? 'POST' : 'DELETE' });
    if (!res.success) return notify.error(res.message);
    notify.success(res.message);
    void load();
  }

  if (error)
    return (
      <div>
        <p className="text-red-700">{error}</p>
        <Link to="/messages" className="mt-3 inline-block text-sm font-medium text-primary underline">
          Back to messages
        </Link>
      </div>
    );
  if (!thread) return <Spinner />;
  const { conversation: c, readOnly } = thread;
  const adLink = c.ad.slug && !c.ad.removed ? `/add-details/${c.ad.slug}` : null;

  return (
    <div className="flex min-h-[60vh] flex-col">
      <Link to="/messages" className="text-sm font-medium text-primary underline">
        ← All messages
      </Link>
      <header className="mt-3 flex flex-wrap items-center gap-3 border-b border-slate-200 pb-3">
        <img
          src={uploadUrl(c.ad.image, 400)}
          alt=""
          width={48}
          height={48}
          className="h-12 w-12 shrink-0 rounded-md bg-slate-100 object-cover"
        />
        <div className="min-w-0 flex-1 basis-40">
          <h2 className="truncate text-lg font-semibold text-slate-900">{c.other.name}</h2>
          <p className="truncate text-sm text-slate-600">
            {adLink ? (
              <a href={adLink} className="underline">
                {c.ad.heading}
              </a>
            ) : (
              <span>{c.ad.removed ? `This ad was removed: ${c.ad.heading}` : c.ad.heading}</span>
            )}
            {c.ad.price !== null && !c.ad.removed ? ` · ${formatPrice(c.ad.price)}` : ''}
          </p>
        </div>
        {!readOnly && (
          <div className="flex shrink-0 flex-wrap justify-end gap-2">
            {/* Each side blocks and unblocks for itself, whatever the other did. */}
            <Button variant="secondary" onClick={() => void toggleBlock()}>
              {c.blockedByMe ? 'Unblock' : 'Block'}
            </Button>
            <Button variant="secondary" onClick={() => setReporting((r) => !r)}>
              Report
            </Button>
          </div>
        )}
      </header>
      {reporting && <ReportForm id={id} done={() => setReporting(false)} />}
      {readOnly && (
        <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="status">
          This conversation was reported. You are reading it as an admin; nothing can be sent from here.
        </p>
      )}
      <div className="mt-3 flex-1 space-y-2" role="log" aria-label="Messages">
        {thread.hasMore && (
          <div className="text-center">
            <Button variant="secondary" onClick={() => void older()}>
              Load older messages
            </Button>
          </div>
        )}
        {list.map((m) => (
          <div key={m.id} className={`flex ${m.mine ? 'justify-end' : 'justify-start'}`}>
            <div
              className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm sm:max-w-[70%] ${m.mine ? 'bg-primary text-primary-fg' : 'bg-slate-100 text-slate-900'}`}
              data-testid="message"
            >
              <p className="whitespace-pre-wrap break-words">
                <MessageText text={m.text} />
              </p>
              <time
                className={`mt-1 block text-[11px] ${m.mine ? 'text-white/80' : 'text-slate-500'}`}
                dateTime={m.createdAt}
              >
                {timeFormat.format(new Date(m.createdAt))}
              </time>
            </div>
          </div>
        ))}
        <div ref={end} />
      </div>
      {!readOnly && (
        <ThreadReview
          conversationId={id}
          role={c.role}
          eligible={thread.review.eligible}
          review={thread.review.review}
          sellerName={c.role === 'buyer' ? c.other.name : me.name}
          changed={() => void load()}
        />
      )}
      {!readOnly && (
        <div className="sticky bottom-0 mt-3 border-t border-slate-200 bg-white pt-3">
          {c.sendBlocked ? (
            <p className="text-sm text-slate-600" role="status" data-testid="send-blocked">
              {c.sendBlocked}
            </p>
          ) : (
            <Composer send={send} label={`Message to ${c.other.name}`} />
          )}
        </div>
      )}
    </div>
  );
}
