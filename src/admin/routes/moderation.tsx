import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { HELD_REASON_LABELS, REPORT_REASON_LABELS } from '../../../api/constants/moderation.ts';
import { FORMER_MEMBER } from '../../../api/constants/reviews.ts';
import { uploadUrl } from '../../../api/lib/image-urls.ts';
import AdStateBadge from '../../components/ads/AdStateBadge.tsx';
import RatingStars from '../../components/ads/RatingStars.tsx';
import { Button } from '../../components/ui/controls.tsx';
import { apiFetch, type TApiData } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import BanAction from '../components/BanAction.tsx';
import FraudFlags, { type TFraudFlag } from '../components/FraudFlags.tsx';
import ModerationRules from '../components/ModerationRules.tsx';
import ReasonDialog from '../components/ReasonDialog.tsx';
import Spinner from '../components/Spinner.tsx';

type TQueue = TApiData<'/api/moderation'>;
type TAd = TQueue['pendingAds'][number];
type TConversation = TQueue['reportedConversations'][number];
type TReview = TQueue['reportedReviews'][number];

/** What a moderator is about to do; the dialog asks why, then it is sent. */
type TPending =
  | { kind: 'remove'; ad: TAd }
  | { kind: 'dismiss-ad'; ad: TAd }
  | { kind: 'dismiss-flag'; ad: TAd; flag: TFraudFlag }
  | { kind: 'dismiss-conversation'; conversation: TConversation }
  | { kind: 'remove-review' | 'dismiss-review'; review: TReview };

const when = (iso: string) => new Date(iso).toLocaleString();

function Section({
  title,
  count,
  empty,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  children: React.ReactNode;
}) {
  return (
    <section className="space-y-3" aria-label={title}>
      <h3 className="text-lg font-semibold text-slate-900">
        {title} <span className="text-sm font-normal text-slate-500">({count})</span>
      </h3>
      {count === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          {empty}
        </p>
      ) : (
        <ul className="space-y-3">{children}</ul>
      )}
    </section>
  );
}

function Reports({
  reports,
}: {
  reports: { id: number; reason: string; details?: string; reporter: string; createdAt: string }[];
}) {
  if (!reports.length) return null;
  return (
    <ul className="mt-2 space-y-1 border-l-2 border-amber-300 pl-3 text-sm" aria-label="Reports">
      {reports.map((r) => (
        <li key={r.id} className="break-words text-slate-700">
          <strong>{REPORT_REASON_LABELS[r.reason as keyof typeof REPORT_REASON_LABELS] ?? r.reason}</strong>
          {r.details ? ` — “${r.details}”` : ''}
          <span className="text-slate-500">
            {' '}
            · {r.reporter} · {when(r.createdAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** One line of the removals or the banned: what, the detail line, and the ban action. */
function PersonItem({ title, detail, action }: { title: string; detail: string; action: React.ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
      <div className="min-w-0 space-y-1">
        <p className="break-words font-semibold text-slate-900">{title}</p>
        <p className="break-words text-slate-600">{detail}</p>
      </div>
      {action}
    </li>
  );
}

/**
 * Moderation (admin): ads held for review, reported ads still public, reported
 * conversations and reported reviews, each with its reports and fraud signals (the matching ad
 * beside it), ads with fraud signals below the hold score, then the latest removals and the banned accounts;
 * approve, remove (reason mailed to the owner), ban or unban the owner, dismiss reports. Every action asks why and lands in the audit log. The
 * rules (report threshold, banned words, pre-moderation, verified posting) are set below.
 */
export default function Moderation() {
  const [queue, setQueue] = useState<TQueue | null>(null);
  const [pending, setPending] = useState<TPending | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    const res = await apiFetch('/api/moderation');
    if (res.success) setQueue(res);
    else notify.error(res.message);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function send(run: () => Promise<{ success: boolean; message: string }>) {
    setBusy(true);
    const res = await run();
    setBusy(false);
    setPending(null);
    if (res.success) notify.success(res.message);
    else notify.error(res.message);
    await load();
  }

  const approve = (ad: TAd) =>
    send(() => apiFetch(`/api/moderation/ads/${ad.id}`, { method: 'POST', json: { action: 'approve' } }));

  function confirm(reason: string) {
    if (!pending) return;
    if (pending.kind === 'remove')
      void send(() =>
        apiFetch(`/api/moderation/ads/${pending.ad.id}`, { method: 'POST', json: { action: 'remove', reason } }),
      );
    else if (pending.kind === 'dismiss-ad')
      void send(() => apiFetch(`/api/moderation/ads/${pending.ad.id}/dismiss`, { method: 'POST', json: { reason } }));
    else if (pending.kind === 'dismiss-flag')
      void send(() =>
        apiFetch(`/api/moderation/fraud-flags/${pending.flag.id}/dismiss`, { method: 'POST', json: { reason } }),
      );
    else if (pending.kind === 'dismiss-conversation')
      void send(() =>
        apiFetch(`/api/moderation/conversations/${pending.conversation.id}/dismiss`, {
          method: 'POST',
          json: { reason },
        }),
      );
    else {
      const action = pending.kind === 'remove-review' ? 'remove' : 'dismiss';
      void send(() =>
        apiFetch(`/api/moderation/reviews/${pending.review.id}`, { method: 'POST', json: { action, reason } }),
      );
    }
  }

  const dialog = pending ? dialogFor(pending) : null;

  if (!queue) return <Spinner />;
  const adCard = (ad: TAd) => (
    <li key={ad.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start gap-3">
        {ad.image ? (
          <img src={uploadUrl(ad.image, 400)} alt="" className="h-16 w-16 shrink-0 rounded-lg object-cover" />
        ) : (
          <div className="h-16 w-16 shrink-0 rounded-lg bg-slate-100" />
        )}
        <div className="min-w-0 flex-1 space-y-1 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <a href={`/add-details/${encodeURIComponent(ad.slug)}`} className="break-words hover:underline">
              {ad.heading}
            </a>
            <AdStateBadge status={ad.status} />
          </p>
          <p className="text-slate-600">
            By {ad.owner.name}
            {ad.owner.banned ? ' (banned)' : ''} · posted {when(ad.createdAt)}
            {ad.heldReason ? ` · ${HELD_REASON_LABELS[ad.heldReason]}` : ''}
          </p>
          <Reports reports={ad.reports} />
        </div>
      </div>
      <FraudFlags ad={ad} busy={busy} onDismiss={(flag) => setPending({ kind: 'dismiss-flag', ad, flag })} />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button disabled={busy} onClick={() => void approve(ad)}>
          Approve
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => setPending({ kind: 'remove', ad })}>
          Remove
        </Button>
        {ad.reports.length > 0 && (
          <Button variant="secondary" disabled={busy} onClick={() => setPending({ kind: 'dismiss-ad', ad })}>
            Dismiss reports
          </Button>
        )}
        {!ad.owner.banned && <BanAction user={ad.owner} disabled={busy} onDone={load} />}
      </div>
    </li>
  );

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Moderation</h2>
        <Link to="/moderation/audit-log" className="text-sm font-medium text-[var(--color-primary)] hover:underline">
          Audit log
        </Link>
      </div>

      <Section title="Pending review" count={queue.counts.pendingAds} empty="No ads are waiting for review.">
        {queue.pendingAds.map(adCard)}
      </Section>

      <Section title="Reported ads" count={queue.counts.reportedAds} empty="No open reports on public ads.">
        {queue.reportedAds.map(adCard)}
      </Section>

      <Section
        title="Flagged ads"
        count={queue.counts.flaggedAds}
        empty="No ads with fraud signals below the hold score."
      >
        {queue.flaggedAds.map(adCard)}
      </Section>

      <Section
        title="Reported conversations"
        count={queue.counts.reportedConversations}
        empty="No reported conversations."
      >
        {queue.reportedConversations.map((c) => (
          <li key={c.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="space-y-1 text-sm">
              <p className="font-semibold text-slate-900">
                <Link to={`/messages/${c.id}`} className="break-words hover:underline">
                  About “{c.adHeading}”
                </Link>
              </p>
              <p className="text-slate-600">
                {c.buyer?.name ?? 'Deleted user'} ↔ {c.seller?.name ?? 'Deleted user'}
              </p>
              <Reports reports={c.reports} />
            </div>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => setPending({ kind: 'dismiss-conversation', conversation: c })}
              >
                Dismiss reports
              </Button>
              {[c.buyer, c.seller].map(
                (p) => p && !p.banned && <BanAction key={p.id} user={p} disabled={busy} onDone={load} />,
              )}
            </div>
          </li>
        ))}
      </Section>

      <Section title="Reported reviews" count={queue.counts.reportedReviews} empty="No reported reviews.">
        {queue.reportedReviews.map((r) => (
          <li
            key={r.id}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            data-testid="reported-review"
          >
            <div className="space-y-1 text-sm">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                <RatingStars rating={r.rating} noun="Rated" />
                <span className="break-words">
                  {r.buyer?.name ?? FORMER_MEMBER} about {r.seller.name}
                </span>
              </p>
              {r.text && <p className="whitespace-pre-wrap break-words text-slate-800">“{r.text}”</p>}
              {r.reply && <p className="break-words text-slate-600">Answer: “{r.reply}”</p>}
              <p className="text-slate-500">
                About “{r.adHeading}” · written {when(r.createdAt)}
              </p>
              <Reports reports={r.reports} />
            </div>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                variant="secondary"
                className="text-red-700!"
                disabled={busy}
                onClick={() => setPending({ kind: 'remove-review', review: r })}
              >
                Remove review
              </Button>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => setPending({ kind: 'dismiss-review', review: r })}
              >
                Dismiss reports
              </Button>
              {r.buyer && !r.buyer.banned && <BanAction user={r.buyer} disabled={busy} onDone={load} />}
            </div>
          </li>
        ))}
      </Section>

      <Section title="Recently removed" count={queue.removedAds.length} empty="No ads were removed lately.">
        {queue.removedAds.map((ad) => (
          <PersonItem
            key={ad.id}
            title={ad.heading}
            detail={`By ${ad.owner.name}${ad.owner.banned ? ' (banned)' : ''} · removed ${when(ad.removedAt)} by ${ad.removedBy}${ad.reason ? ` · ${ad.reason}` : ''}`}
            action={<BanAction user={ad.owner} disabled={busy} onDone={load} />}
          />
        ))}
      </Section>

      <Section title="Banned users" count={queue.bannedUsers.length} empty="Nobody is banned.">
        {queue.bannedUsers.map((u) => (
          <PersonItem
            key={u.id}
            title={u.name}
            detail={`Banned ${when(u.bannedAt)}${u.reason ? ` · ${u.reason}` : ''}`}
            action={<BanAction user={{ ...u, banned: true }} disabled={busy} onDone={load} />}
          />
        ))}
      </Section>

      <ModerationRules />

      <ReasonDialog
        open={!!dialog}
        title={dialog?.title ?? ''}
        message={dialog?.message ?? ''}
        label={dialog?.label ?? 'Reason'}
        confirmLabel={dialog?.confirmLabel ?? 'OK'}
        required={dialog?.required}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}

type TDialog = { title: string; message: string; label: string; confirmLabel: string; required?: boolean };

function dialogFor(p: TPending): TDialog {
  switch (p.kind) {
    case 'remove':
      return {
        title: `Remove “${p.ad.heading}”?`,
        message: 'The ad leaves the site for good and its owner is mailed your reason.',
        label: 'Reason for the owner',
        confirmLabel: 'Remove ad',
        required: true,
      };
    case 'dismiss-ad':
      return {
        title: `Dismiss the reports on “${p.ad.heading}”?`,
        message: 'The reports stop counting; an ad held only because of them goes back on the site.',
        label: 'Note',
        confirmLabel: 'Dismiss reports',
      };
    case 'dismiss-flag':
      return {
        title: `Dismiss “${p.flag.reason}”?`,
        message:
          'The match is remembered and not raised again for these ads; an ad held only by fraud signals goes back on the site once the rest are below the hold score.',
        label: 'Note',
        confirmLabel: 'Dismiss flag',
      };
    case 'dismiss-conversation':
      return {
        title: `Dismiss the reports on the conversation about “${p.conversation.adHeading}”?`,
        message: 'The conversation leaves this list.',
        label: 'Note',
        confirmLabel: 'Dismiss reports',
      };
    case 'remove-review':
      return {
        title: `Remove ${p.review.buyer?.name ?? FORMER_MEMBER}’s review of ${p.review.seller.name}?`,
        message: 'The review is hidden from everyone for good and no longer counts in the seller’s rating.',
        label: 'Reason (for the audit log)',
        confirmLabel: 'Remove review',
      };
    case 'dismiss-review':
      return {
        title: `Dismiss the reports on ${p.review.buyer?.name ?? FORMER_MEMBER}’s review?`,
        message: 'The review stays public and leaves this list.',
        label: 'Note',
        confirmLabel: 'Dismiss reports',
      };
  }
}
