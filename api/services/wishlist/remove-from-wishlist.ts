import { and, eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { wishlistItems } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { WISHLIST_MESSAGES } from '../../schemas/wishlist.ts';
import { findAdId } from './find-ad.ts';

/** Deletes one of the user's own wishlist items; another user's item is "not found". */
export async function removeWishlistItem({ userId, id }: { userId: number; id: number }) {
  const deleted = await db()
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.id, id), eq(wishlistItems.userId, userId)))
    .returning({ id: wishlistItems.id });
  if (!deleted.length) throw new AppError('NOT_FOUND', WISHLIST_MESSAGES.notFound);
}

/** Takes an ad (by id or slug) out of the user's wishlist: the heart's second click. */
export async function removeWishlistAd({ userId, adId, slug }: { userId: number; adId?: number; slug?: string }) {
  const id = await findAdId({ adId, slug });
  const deleted = id
    ? await db()
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.adId, id), eq(wishlistItems.userId, userId)))
        .returning({ id: wishlistItems.id })
    : [];
  if (!deleted.length) throw new AppError('NOT_FOUND', WISHLIST_MESSAGES.notFound);
}
