import { useCallback, useEffect, useState } from 'react';
import { FIELD_MAX } from '../../../api/constants/field-limits.ts';
import { SUBSCRIBER_STATES } from '../../../api/constants/newsletter.ts';
import { quoted } from '../../../api/lib/quoted.ts';
import { ZNewsletterSend } from '../../../api/schemas/newsletter.ts';
import { buttonClass } from '../../components/ui/classes.ts';
import { Button, Input, Select, Textarea } from '../../components/ui/controls.tsx';
import Field from '../../components/ui/Field.tsx';
import { ErrorsForm } from '../../components/ui/field-errors.tsx';
import Pager from '../../components/ui/Pager.tsx';
import { useSchemaForm } from '../../components/ui/schema-form.ts';
import { apiFetch, type TApiData, withIdempotencyKey } from '../../lib/api.ts';
import { createSubmissionKeys } from '../../lib/submission-key.ts';
import { notify } from '../../lib/toast.ts';
import ConfirmDialog from '../components/ConfirmDialog.tsx';
import RichTextField from '../components/RichTextField.tsx';
import Spinner from '../components/Spinner.tsx';

type TSubscribers = TApiData<'/api/admin/newsletter/subscribers'>;
type TSent = TApiData<'/api/admin/newsletters'>['data'];
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const POLL_MS = 2000;

/** The subscribers: counts per state, search, state filter, pages, and the CSV of what is shown. */
function Subscribers() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<TSubscribers | null>(null);
  const [error, setError] = useState('');
  const filter = new URLSearchParams({ ...(q.trim() ? { q: q.trim() } : {}), ...(status ? { status } : {}) });

  useEffect(() => {
    const query = new URLSearchParams(filter);
    query.set('page', String(page));
    void apiFetch(`/api/admin/newsletter/subscribers?${query}`).then((res) => {
      if (res.success) {
        setData(res);
        setError('');
      } else setError(res.message);
    });
  }, [q, status, page]);

  return (
    <section aria-labelledby="subscribers-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="subscribers-title" className="text-xl font-semibold text-slate-900">
          Subscribers
        </h2>
        <a href={`/api/admin/newsletter/subscribers/export?${filter}`} className={buttonClass('secondary')} download>
          Export CSV
        </a>
      </div>
      {data && (
        <p className="text-sm text-slate-600" data-testid="subscriber-counts">
          {data.counts.confirmed} confirmed · {data.counts.pending} waiting for confirmation ·{' '}
          {data.counts.unsubscribed} unsubscribed
        </p>
      )}
      <div className="grid gap-2 sm:grid-cols-[1fr_200px]">
        <Input
          type="search"
          placeholder="Search addresses"
          aria-label="Search addresses"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        <Select
          aria-label="State"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
        >
          <option value="">Every state</option>
          {SUBSCRIBER_STATES.map((s) => (
            <option key={s} value={s}>
              {s[0]!.toUpperCase() + s.slice(1)}
            </option>
          ))}
        </Select>
      </div>
      {error && <p className="text-sm text-red-700">{error}</p>}
      {!data && !error && <Spinner />}
      {data && data.data.length === 0 && (
        <p className="rounded-lg bg-slate-50 p-6 text-center text-slate-600">
          No addresses here yet. People sign up with the newsletter box on the site.
        </p>
      )}
      {data && data.data.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th className="px-3 py-2 font-medium">Email</th>
                <th className="px-3 py-2 font-medium">State</th>
                <th className="hidden px-3 py-2 font-medium sm:table-cell">Signed up</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((s) => (
                <tr key={s.id} className="border-t border-slate-100 even:bg-slate-50/60">
                  <td className="max-w-[180px] truncate px-3 py-2 text-slate-800 sm:max-w-none">{s.email}</td>
                  <td className="px-3 py-2">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                        s.status === 'confirmed'
                          ? 'bg-emerald-100 text-emerald-800'
                          : s.status === 'pending'
                            ? 'bg-amber-100 text-amber-900'
                            : 'bg-slate-200 text-slate-700'
                      }`}
                    >
                      {s.status}
                    </span>
                  </td>
                  <td className="hidden px-3 py-2 text-slate-600 sm:table-cell">{day.format(new Date(s.createdAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.totalPages > 1 && (
        <Pager page={page} totalPages={data.totalPages} onGo={setPage} label="Subscriber pages" previous="Previous" />
      )}
    </section>
  );
}

type TCompose = { subject: string; text: string; html: string };

/** Compose and send, then the newsletters sent with their progress (polled while one is sending). */
function Compose() {
  const { form, submit, errors, failed } = useSchemaForm<TCompose>({
    defaults: { subject: '', text: '', html: '' },
    schema: ZNewsletterSend,
  });
  const [submissions] = useState(createSubmissionKeys);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<TSent | null>(null);

  const load = useCallback(async () => {
    const res = await apiFetch('/api/admin/newsletters');
    if (res.success) setSent(res.data);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const sending = sent?.some((n) => !n.finished) ?? false;
  useEffect(() => {
    if (!sending) return;
    const timer = window.setInterval(() => void load(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [sending, load]);

  // A newsletter cannot be called back: a valid form first asks, then sends.
  const [confirming, setConfirming] = useState<TCompose | null>(null);
  const onSend = submit(async (values) => setConfirming(values));
  const send = async (values: TCompose) => {
    setConfirming(null);
    setBusy(true);
    const res = await withIdempotencyKey(submissions.keyFor({ values }), () =>
      apiFetch('/api/admin/newsletters', { method: 'POST', json: values }),
    );
    setBusy(false);
    if (!res.success) {
      failed({ ...res, error: res.message });
      return;
    }
    notify.success(res.message);
    form.reset({ subject: '', text: '', html: '' });
    void load();
  };

  return (
    <section aria-labelledby="compose-title" className="space-y-4">
      <h2 id="compose-title" className="text-xl font-semibold text-slate-900">
        Send a newsletter
      </h2>
      <ErrorsForm errors={errors} onSubmit={onSend} className="space-y-4">
        <Field label="Subject" htmlFor="newsletter-subject">
          <Input id="newsletter-subject" maxLength={FIELD_MAX.subject} {...form.register('subject')} />
        </Field>
        <Field
          label="Text"
          htmlFor="newsletter-text"
          hint="Plain text; every mail carries it, with an unsubscribe link added at the end."
        >
          <Textarea id="newsletter-text" rows={6} {...form.register('text')} />
        </Field>
        <RichTextField control={form.control} name="html" label="Formatted version (optional)" />
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send to confirmed subscribers'}
        </Button>
      </ErrorsForm>
      <ConfirmDialog
        open={confirming !== null}
        title="Send this newsletter?"
        message={`${quoted(confirming?.subject ?? '')} is mailed to every confirmed subscriber at once and cannot be called back.`}
        confirmLabel="Send now"
        onConfirm={() => confirming && void send(confirming)}
        onCancel={() => setConfirming(null)}
      />
      {sent && sent.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Newsletters sent">
          {sent.map((n) => (
            <li key={n.id} className="p-3 text-sm" data-testid="newsletter-progress">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium break-words text-slate-900">{n.subject}</p>
                <time className="text-xs text-slate-500" dateTime={n.createdAt}>
                  {when.format(new Date(n.createdAt))}
                </time>
              </div>
              <progress
                className="mt-2 h-2 w-full accent-[var(--color-primary)]"
                max={Math.max(1, n.total)}
                value={n.sent + n.skipped}
              />
              <p className="text-slate-600">
                {n.finished ? 'Sent' : 'Sending'}: {n.sent} of {n.total}
                {n.skipped ? ` (${n.skipped} unsubscribed before their turn)` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /admin/newsletter (docs/SCREENS.md, Newsletter): subscribers and sending. */
export default function Newsletter() {
  return (
    <div className="space-y-10">
      <Subscribers />
      <Compose />
    </div>
  );
}
