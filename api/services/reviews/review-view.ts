import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { firstName, REVIEW_TEXTS, reviewEditableUntil } from '../../constants/reviews.ts';
import type { Db, Tx } from '../../db/client.ts';
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

/** A review a write is about, locked until the transaction ends; 404 when none or removed. */
export async function lockReview(tx: Tx, id: number) {
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
  if (!row || row.removedAt) throw new AppError('NOT_FOUND', REVIEW_TEXTS.notFound);
  return row;
}
