import { eq } from 'drizzle-orm';
import { MODERATION_TEXTS } from '../../constants/moderation.ts';
import { REVIEW_TEXTS } from '../../constants/reviews.ts';
import type { TSessionUser } from '../../context.ts';
import { db, type Tx } from '../../db/client.ts';
import { reviews } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { quoted } from '../../lib/quoted.ts';
import { lockReview } from '../reviews/review-view.ts';
import { recordAudit } from './audit.ts';
import { resolveReviewReports } from './resolve-reports.ts';

type TOptions = { admin: TSessionUser; id: number; reason: string };

/** moderateReview: a moderator removes a review or dismisses its reports. */
export function moderateReview(options: TOptions & { action: 'remove' | 'dismiss' }) {
  return options.action === 'remove' ? removeReview(options) : dismissReviewReports(options);
}

/** The review's stars and the start of its text, for the audit log. */
const label = (r: { rating: number; text: string }) =>
  `${r.rating}/5${r.text ? ` ${quoted(r.text.slice(0, 80))}` : ''}`;

/** Runs a moderator's decision on a review (404 when none, or removed already) and logs it. */
async function decide(
  options: TOptions,
  act: (tx: Tx) => Promise<void>,
  action: 'remove-review' | 'dismiss-review-reports',
) {
  const { admin, id, reason } = options;
  await db().transaction(async (tx) => {
    const row = await lockReview(tx, id);
    await act(tx);
    await recordAudit(tx, {
      actor: admin,
      action,
      targetType: 'review',
      targetId: id,
      targetLabel: label(row),
      reason,
    });
  });
}

/**
 * Removing: a moderator hides a review for good (out of the seller's list, rating and
 * JSON-LD); its open reports are closed. A removed review is not found again (404).
 */
export async function removeReview(options: TOptions) {
  await decide(
    options,
    async (tx) => {
      await tx.update(reviews).set({ removedAt: new Date() }).where(eq(reviews.id, options.id));
      await resolveReviewReports(tx, options.id);
    },
    'remove-review',
  );
  return { message: REVIEW_TEXTS.removed };
}

/** Dismissing: the review stays; its open reports are closed (409 when none). */
export async function dismissReviewReports(options: TOptions) {
  await decide(
    options,
    async (tx) => {
      if ((await resolveReviewReports(tx, options.id)) === 0)
        throw new AppError('CONFLICT', MODERATION_TEXTS.noOpenReports);
    },
    'dismiss-review-reports',
  );
  return { message: MODERATION_TEXTS.dismissed };
}
