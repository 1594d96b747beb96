import { and, eq, sql } from 'drizzle-orm';
import { ratingSummary } from '../../constants/reviews.ts';
import { readDb } from '../../db/replicas.ts';
import { reviews, users } from '../../db/schema/index.ts';
import { reviewIsPublic } from './review-view.ts';

/** A seller's rating over their public reviews: the average to one decimal and the count. */
export async function getSellerRating(sellerId: number) {
  const [row] = await readDb()
    .select({ sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`, n: sql<number>`count(*)::int` })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.buyerId))
    .where(and(eq(reviews.sellerId, sellerId), reviewIsPublic));
  return ratingSummary(Number(row?.sum ?? 0), Number(row?.n ?? 0));
}
