import { and, desc, eq } from 'drizzle-orm';
import { readDb } from '../../db/replicas.ts';
import { reviews, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { SELLER_NOT_FOUND } from '../sellers/get-seller.ts';
import { reviewIsPublic, reviewView, selectReviews } from './review-view.ts';
import { getSellerRating } from './seller-rating.ts';

/**
 * listSellerReviews: a seller's rating and one page of their public reviews, newest first
 * (removed ones and those of banned buyers are not shown). 404 when there is no such user.
 */
export async function listSellerReviews(options: { sellerId: number; page: number; limit: number }) {
  const { sellerId, page, limit } = options;
  const [seller] = await readDb().select({ id: users.id }).from(users).where(eq(users.id, sellerId));
  if (!seller) throw new AppError('NOT_FOUND', SELLER_NOT_FOUND);
  const [rating, rows] = await Promise.all([
    getSellerRating(sellerId),
    newestSellerReviews(sellerId, limit, (page - 1) * limit),
  ]);
  return {
    rating,
    reviews: rows,
    total: rating.count,
    totalPages: Math.ceil(rating.count / limit),
    page,
    limit,
  };
}

/**
 * `limit` of a seller's public reviews from `offset`, newest first: one indexed read
 * (reviews_seller_idx). The seller and ad pages, which know the seller already and have the
 * rating beside it, ask for these alone.
 */
export async function newestSellerReviews(sellerId: number, limit: number, offset = 0) {
  const rows = await selectReviews(readDb(), and(eq(reviews.sellerId, sellerId), reviewIsPublic))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
  return rows.map(reviewView);
}
