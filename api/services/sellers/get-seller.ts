import { eq } from 'drizzle-orm';
import { AD_PAGE_SIZE } from '../../constants/limits.ts';
import { readDb } from '../../db/replicas.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { getSellerRating } from '../reviews/seller-rating.ts';
import { listAds } from '../search/list-ads.ts';
import { getSellerFacts } from './seller-facts.ts';
import { sellerSlug } from './seller-slug.ts';

export const SELLER_NOT_FOUND = 'Seller not found.';

/**
 * A seller's public page: name, member since, how many ads they sold (ads in state `sold`),
 * whether their email is verified and how they answer buyers (seller-facts.ts), and one page
 * of their ads on offer (the public list's own filter and cards), and their reviews' rating. Only public
 * facts: never the email or the phone. A user with nothing public (no ad on offer and none
 * sold) has no page: 404, so the page cannot be used to find out who has an account.
 */
export async function getSeller(options: { id: number; page: number; limit?: number }) {
  const limit = options.limit ?? AD_PAGE_SIZE;
  const [user] = await readDb().select({ id: users.id, name: users.name }).from(users).where(eq(users.id, options.id));
  if (!user) throw new AppError('NOT_FOUND', SELLER_NOT_FOUND);
  // Member since and ads sold come with the seller's facts: read once, beside the list.
  const [list, facts, rating] = await Promise.all([
    listAds({ page: options.page, limit, sellerId: user.id }),
    getSellerFacts(user.id),
    getSellerRating(user.id),
  ]);
  // total counts every page, so a page number past the end still finds the seller.
  if (list.total === 0 && facts.soldCount === 0) throw new AppError('NOT_FOUND', SELLER_NOT_FOUND);
  return {
    seller: {
      id: user.id,
      name: user.name,
      slug: sellerSlug(user),
      memberSince: facts.memberSince,
      activeCount: list.total,
      soldCount: facts.soldCount,
      emailVerified: facts.emailVerified,
      recentConversations: facts.conversations,
      responseRate: facts.responseRate,
      responseMinutes: facts.responseMinutes,
      rating,
    },
    ads: list.ads,
    total: list.total,
    totalPages: list.totalPages,
    page: list.page,
    limit: list.limit,
  };
}
