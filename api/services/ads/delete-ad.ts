import { eq } from 'drizzle-orm';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { ads } from '../../db/schema/index.ts';
import { releaseAdFiles } from './ad-files.ts';
import { loadManagedAd } from './get-ad.ts';

/**
 * DELETE /api/ads/{id}: the owner or an admin. Wishlist entries go with the row (cascade);
 * the image files are removed after the commit, so a rollback never leaves a row without
 * its files.
 */
export async function deleteAd(options: { user: TSessionUser; id: number }) {
  const removed = await db().transaction(async (tx) => {
    const ad = await loadManagedAd({ ...options, q: tx, lock: true });
    await tx.delete(ads).where(eq(ads.id, ad.id));
    return ad;
  });
  await releaseAdFiles({ images: [removed.image, ...removed.galleryImages], html: [removed.description] });
}
