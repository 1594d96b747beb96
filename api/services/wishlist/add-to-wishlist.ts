import { db } from '../../db/client.ts';
import { wishlistItems } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { WISHLIST_MESSAGES } from '../../schemas/wishlist.ts';
import { findAdId, type TAdRef } from './find-ad.ts';

/**
 * Saves an ad to the user's wishlist. The (user, ad) unique index makes a second add a
 * no-op, reported as `added: false`.
 */
export async function addToWishlist({ userId, ad }: { userId: number; ad: TAdRef }) {
  const adId = await findAdId(ad);
  if (!adId) throw new AppError('NOT_FOUND', WISHLIST_MESSAGES.adNotFound);
  const inserted = await db()
    .insert(wishlistItems)
    .values({ userId, adId })
    .onConflictDoNothing({ target: [wishlistItems.userId, wishlistItems.adId] })
    .returning({ id: wishlistItems.id });
  return { added: inserted.length > 0, adId };
}
