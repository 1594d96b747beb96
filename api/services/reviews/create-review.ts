import { and, eq, inArray, sql } from 'drizzle-orm';
import { REVIEW_TEXTS } from '../../constants/reviews.ts';
import type { TSessionUser } from '../../context.ts';
import { type Db, db, type Tx } from '../../db/client.ts';
import { messages, reviews } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { TReviewInput } from '../../schemas/review.ts';
import { loadConversation, type TConversationRow } from '../messages/load-conversation.ts';
import { loadReviewView } from './review-view.ts';

/** Whether both the buyer and the seller of a conversation have written in it. */
export async function bothWrote(q: Db | Tx, row: TConversationRow): Promise<boolean> {
  if (row.buyerId === null || row.sellerId === null) return false;
  const [found] = await q
    .select({ n: sql<number>`count(DISTINCT ${messages.senderId})::int` })
    .from(messages)
    .where(and(eq(messages.conversationId, row.id), inArray(messages.senderId, [row.buyerId, row.sellerId])));
  return (found?.n ?? 0) === 2;
}

/**
 * createReview: the buyer of a conversation reviews its seller, once per conversation, after
 * both have written in it. The seller cannot review their own ad (400); without both sides'
 * messages it is refused (403); a second review of one conversation is 409. The conversation's
 * row is locked, so two sends at once store one review. Counted against the review limits.
 */
export async function createReview(options: {
  user: TSessionUser;
  /** Counts the request against the caller's review limits (the route's limiter), once they may write. */
  countAgainstLimits: () => Promise<unknown>;
  conversationId: number;
  input: TReviewInput;
}) {
  const { user, conversationId, input } = options;
  // Who may write is checked before the review counts against the caller's limits.
  await loadConversation(db(), conversationId, user, { write: true });
  await options.countAgainstLimits();
  return db().transaction(async (tx) => {
    const { row } = await loadConversation(tx, conversationId, user, { write: true, lock: true });
    if (row.sellerId === user.id) throw new AppError('BAD_REQUEST', REVIEW_TEXTS.ownAd);
    if (row.sellerId === null) throw new AppError('CONFLICT', REVIEW_TEXTS.sellerGone);
    if (!(await bothWrote(tx, row))) throw new AppError('FORBIDDEN', REVIEW_TEXTS.notYet);
    const inserted = await tx
      .insert(reviews)
      .values({ conversationId, sellerId: row.sellerId, buyerId: user.id, rating: input.rating, text: input.text })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    if (!inserted[0]) throw new AppError('CONFLICT', REVIEW_TEXTS.already);
    return loadReviewView(tx, inserted[0].id);
  });
}
