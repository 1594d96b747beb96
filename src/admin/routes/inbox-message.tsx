import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FIELD_MAX } from '../../../api/constants/field-limits.ts';
import { ZInboxReply } from '../../../api/schemas/inbox.ts';
import { Button, Textarea } from '../../components/ui/controls.tsx';
import Field from '../../components/ui/Field.tsx';
import { ErrorsForm } from '../../components/ui/field-errors.tsx';
import { useSchemaForm } from '../../components/ui/schema-form.ts';
import { apiFetch, type TApiData, withIdempotencyKey } from '../../lib/api.ts';
import { createSubmissionKeys } from '../../lib/submission-key.ts';
import { notify } from '../../lib/toast.ts';
import ConfirmDialog from '../components/ConfirmDialog.tsx';
import Spinner from '../components/Spinner.tsx';
import { INBOX_CHANGED } from '../components/use-inbox-unread.ts';

type TThread = TApiData<'/api/admin/inbox/{id}'>['data'];
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One inbox message (opening it marks it read), the replies sent, a reply form and delete. */
export default function InboxMessage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const [thread, setThread] = useState<TThread | null>(null);
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { form, submit, errors, failed } = useSchemaForm<{ text: string }>({
    defaults: { text: '' },
    schema: ZInboxReply,
  });
  const [submissions] = useState(createSubmissionKeys);

  useEffect(() => {
    void apiFetch(`/api/admin/inbox/${id}`).then((res) => {
      if (res.success) {
        setThread(res.data);
        window.dispatchEvent(new Event(INBOX_CHANGED));
      } else setError(res.message);
    });
  }, [id]);

  const onReply = submit(async (values) => {
    setBusy(true);
    const res = await withIdempotencyKey(submissions.keyFor({ id, values }), () =>
      apiFetch(`/api/admin/inbox/${id}/replies`, { method: 'POST', json: values }),
    );
    setBusy(false);
    if (!res.success) {
      failed({ ...res, error: res.message });
      return;
    }
    setThread(res.data);
    form.reset({ text: '' });
    notify.success(res.message);
  });

  async function remove() {
    setBusy(true);
    const res = await apiFetch(`/api/admin/inbox/${id}`, { method: 'DELETE' });
    setBusy(false);
    setConfirming(false);
    if (!res.success) {
      notify.error(res.message);
      return;
    }
    notify.success(res.message);
    window.dispatchEvent(new Event(INBOX_CHANGED));
    navigate('/inbox');
  }

  if (error) return <p className="text-sm text-red-700">{error}</p>;
  if (!thread) return <Spinner />;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to="/inbox" className="text-sm font-medium text-primary-ink hover:underline">
          ← Inbox
        </Link>
        <Button variant="secondary" className="text-red-700" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </div>
      <article className="rounded-lg border border-slate-200 p-4" aria-label="Message">
        <h2 className="text-lg font-semibold break-words text-slate-900">{thread.subject || '(no subject)'}</h2>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm text-slate-600 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">From</dt>
          <dd className="break-words">
            {thread.name} &lt;
            <a href={`mailto:${thread.email}`} className="text-primary-ink hover:underline">
              {thread.email}
            </a>
            &gt;
          </dd>
          {thread.phone && (
            <>
              <dt className="font-medium">Phone</dt>
              <dd>{thread.phone}</dd>
            </>
          )}
          <dt className="font-medium">Sent</dt>
          <dd>
            {when.format(new Date(thread.createdAt))} from {thread.source === 'faq' ? 'the FAQ page' : 'Contact Us'}
          </dd>
        </dl>
        <p className="mt-4 whitespace-pre-wrap break-words text-slate-800">{thread.message}</p>
      </article>
      {thread.replies.length > 0 && (
        <section aria-label="Replies" className="space-y-3">
          {thread.replies.map((r) => (
            <div
              key={r.id}
              className="ml-4 rounded-lg border border-primary/20 bg-primary/5 p-4 sm:ml-10"
              data-testid="inbox-reply"
            >
              <p className="text-xs text-slate-600">
                {r.authorName} replied · {when.format(new Date(r.createdAt))}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{r.text}</p>
            </div>
          ))}
        </section>
      )}
      <ErrorsForm errors={errors} onSubmit={onReply} className="space-y-3">
        <Field
          label={`Reply to ${thread.name}`}
          htmlFor="inbox-reply-text"
          hint="Mailed to the sender; kept here in the thread."
        >
          <Textarea id="inbox-reply-text" rows={5} maxLength={FIELD_MAX.inboxReply} {...form.register('text')} />
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send reply'}
        </Button>
      </ErrorsForm>
      <ConfirmDialog
        open={confirming}
        title="Delete this message?"
        message="The message and its replies are deleted for good."
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
