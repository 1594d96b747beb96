import { and, desc, eq } from 'drizzle-orm';
import { isVisibleState } from '../../constants/ad-states.ts';
import { db } from '../../db/client.ts';
import { ads, wishlistItems } from '../../db/schema/index.ts';
import { sanitizeAdDescription } from '../../lib/sanitize.ts';

/** The caller's wishlist in the legacy item_… names, built from each ad's heading, description and image. */
export async function listWishlist({ userId }: { userId: number }) {
  const now = new Date();
  const rows = await db()
    .select({
      id: wishlistItems.id,
      ad_id: ads.id,
      slug: ads.slug,
      item_name: ads.heading,
      item_description: ads.description,
      item_image: ads.image,
      price: ads.price,
      created_at: wishlistItems.createdAt,
      status: ads.status,
      expires_at: ads.expiresAt,
    })
    .from(wishlistItems)
    .innerJoin(ads, eq(ads.id, wishlistItems.adId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
  return rows.map((r) => ({
    ...r,
    // Stored sanitised; cleaned again on the way out since clients render it as HTML.
    item_description: sanitizeAdDescription(r.item_description),
    item_image: r.item_image ?? '',
    price: Number(r.price),
    // What the list shows: an ad still marked on offer past its time is expired already.
    status: isVisibleState(r.status) && r.expires_at <= now ? ('expired' as const) : r.status,
  }));
}
export type TWishlistItem = Awaited<ReturnType<typeof listWishlist>>[number];

/** Whether this ad is in the user's wishlist (the heart's starting state). */
export async function isInWishlist({ userId, adId }: { userId: number; adId: number }) {
  const rows = await db()
    .select({ id: wishlistItems.id })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.adId, adId)))
    .limit(1);
  return rows.length > 0;
}
