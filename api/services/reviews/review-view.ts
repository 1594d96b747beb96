import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { firstName, REVIEW_TEXTS, reviewEditableUntil } from '../../constants/reviews.ts';
import { type Db, db, type Tx } from '../../db/client.ts';
import { conversations, reviews, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

/**
 * A review shows while no moderator removed it and its buyer is not banned (a ban hides what
 * they wrote until it is lifted; a deleted buyer's review stays, as "Former member").
 */
export const reviewIsPublic = and(isNull(reviews.removedAt), isNull(users.bannedAt)) as SQL;

/** The reviews `where` selects, as every answer shows them, with the buyer and the ad's heading. */
export function selectReviews(q: Db | Tx, where: SQL | undefined) {
  return q
    .select({
      id: reviews.id,
      rating: reviews.rating,
      text: reviews.text,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      buyerName: users.name,
      adHeading: conversations.adHeading,
    })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.buyerId))
    .innerJoin(conversations, eq(conversations.id, reviews.conversationId))
    .where(where);
}

type TReviewRow = Awaited<ReturnType<typeof selectReviews>>[number];

/** A review as the API answers it: the buyer by first name, the seller's answer if any. */
export function reviewView(r: TReviewRow) {
  return {
    id: r.id,
    rating: r.rating,
    text: r.text,
    buyerName: firstName(r.buyerName),
    adHeading: r.adHeading,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    editableUntil: reviewEditableUntil(r.createdAt).toISOString(),
    reply: r.reply === null ? null : { text: r.reply, createdAt: (r.repliedAt ?? r.updatedAt).toISOString() },
  };
}
export type TReviewView = ReturnType<typeof reviewView>;

/** One review by id, as answered (whether public or not: its author and its seller see it). */
export async function loadReviewView(q: Db | Tx, id: number): Promise<TReviewView> {
  const [row] = await selectReviews(q, eq(reviews.id, id));
  return reviewView(row!);
}

/**
 * Whether `userId` is the review's buyer (`buyer`) or seller (`seller`): 404 when there is no
 * such review or it was removed, 403 with `refusal` otherwise. Checked before a write counts
 * against the caller's limits; the write then locks the row (lockReview).
 */
export async function requireReviewParty(id: number, userId: number, side: 'buyer' | 'seller', refusal: string) {
  const [row] = await db()
    .select({ buyerId: reviews.buyerId, sellerId: reviews.sellerId, removedAt: reviews.removedAt })
    .from(reviews)
    .where(eq(reviews.id, id));
  if (!row || row.removedAt) throw new AppError('NOT_FOUND', REVIEW_TEXTS.notFound);
  if ((side === 'buyer' ? row.buyerId : row.sellerId) !== userId) throw new AppError('FORBIDDEN', refusal);
}

/** A review a write is about, locked until the transaction ends; 404 when none or removed. */
export async function lockReview(tx: Tx, id: number) {
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
  if (!row || row.removedAt) throw new AppError('NOT_FOUND', REVIEW_TEXTS.notFound);
  return row;
}
