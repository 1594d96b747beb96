import { eq } from 'drizzle-orm';
import { REVIEW_TEXTS } from '../../constants/reviews.ts';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { reviews } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { loadReviewView, lockReview, requireReviewParty } from './review-view.ts';

/** replyToReview: the reviewed seller answers once (403 for anyone else, 409 a second time). */
export async function replyToReview(options: {
  user: TSessionUser;
  /** Counts the request against the caller's review limits (the route's limiter), once they may write. */
  countAgainstLimits: () => Promise<unknown>;
  id: number;
  reply: string;
}) {
  const { user, id, reply } = options;
  await requireReviewParty(id, user.id, 'seller', REVIEW_TEXTS.onlySeller);
  await options.countAgainstLimits();
  return db().transaction(async (tx) => {
    const row = await lockReview(tx, id);
    if (row.reply !== null) throw new AppError('CONFLICT', REVIEW_TEXTS.alreadyReplied);
    await tx.update(reviews).set({ reply, repliedAt: new Date() }).where(eq(reviews.id, id));
    return loadReviewView(tx, id);
  });
}
