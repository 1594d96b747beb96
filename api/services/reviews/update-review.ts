import { eq } from 'drizzle-orm';
import { REVIEW_TEXTS, reviewEditable } from '../../constants/reviews.ts';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { reviews } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { TReviewInput } from '../../schemas/review.ts';
import { loadReviewView, lockReview, requireReviewParty } from './review-view.ts';

/**
 * updateReview: its buyer changes the stars and the text within 14 days of writing it (403
 * after that, or for anyone else). The seller's answer, if any, stays.
 */
export async function updateReview(options: {
  user: TSessionUser;
  /** Counts the request against the caller's review limits (the route's limiter), once they may write. */
  countAgainstLimits: () => Promise<unknown>;
  id: number;
  input: TReviewInput;
  now?: Date;
}) {
  const { user, id, input } = options;
  const now = options.now ?? new Date();
  await requireReviewParty(id, user.id, 'buyer', REVIEW_TEXTS.notYours);
  await options.countAgainstLimits();
  return db().transaction(async (tx) => {
    const row = await lockReview(tx, id);
    if (!reviewEditable(row.createdAt, now)) throw new AppError('FORBIDDEN', REVIEW_TEXTS.editClosed);
    await tx.update(reviews).set({ rating: input.rating, text: input.text, updatedAt: now }).where(eq(reviews.id, id));
    return loadReviewView(tx, id);
  });
}
