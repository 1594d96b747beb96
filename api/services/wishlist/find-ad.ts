import { desc, eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { ads } from '../../db/schema/index.ts';

export type TAdRef = { adId?: number; slug?: string; itemImage?: string; itemName?: string };

/**
 * The ad a wishlist request means: by id, then slug, then (for clients that only send the
 * legacy item fields) by its image file name, then by its exact heading (newest).
 */
export async function findAdId(ref: TAdRef): Promise<number | null> {
  const by = [
    ref.adId ? eq(ads.id, ref.adId) : null,
    ref.slug ? eq(ads.slug, ref.slug) : null,
    ref.itemImage ? eq(ads.image, ref.itemImage.replace(/^.*\/uploads\//, '')) : null,
    ref.itemName ? eq(ads.heading, ref.itemName) : null,
  ];
  for (const where of by) {
    if (!where) continue;
    const rows = await db().select({ id: ads.id }).from(ads).where(where).orderBy(desc(ads.createdAt)).limit(1);
    if (rows[0]) return rows[0].id;
    // An explicit id or slug that matches nothing is an answer, not a reason to guess.
    if (where === by[0] || where === by[1]) return null;
  }
  return null;
}
