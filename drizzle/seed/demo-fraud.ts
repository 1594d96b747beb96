import { eq, inArray } from 'drizzle-orm';
import { fraudReason } from '../../api/constants/fraud.ts';
import type { Tx } from '../../api/db/client.ts';
import { adPhotoHashes, ads, adTextPrints, fraudFlags } from '../../api/db/schema/index.ts';
import { htmlToText } from '../../api/lib/sanitize.ts';
import { adText, textPrint } from '../../api/services/fraud/find-fraud-signals.ts';
import { hashBands, storedPhotoHashes } from '../../api/services/fraud/photo-hash.ts';

/**
 * The demo's flagged pair, by heading: a road bike ad posted with another account's bike
 * photo. The copy has one gallery photo, so with its own main photo moved there it still
 * keeps to the plan's three.
 */
export const DEMO_FRAUD = {
  original: 'Trek Marlin 7 Mountain Bike, 29er, Size L',
  copy: 'Carbon Road Bike 56 cm, Shimano 105',
} as const;

/**
 * One flagged pair for the moderation screen on a fresh site (docs/MODERATION.md, Fraud
 * signals): the road bike ad shows the mountain bike's photo (its own moves to its gallery), by
 * another account, and is held for review with the reason "Same photo as ad N by another
 * account", as the check would have done. Both ads' photo hashes and text prints are written,
 * so later posts are compared with them too.
 */
export async function seedDemoFraud(tx: Tx, now = Date.now()) {
  const rows = await tx
    .select({
      id: ads.id,
      heading: ads.heading,
      description: ads.description,
      userId: ads.userId,
      image: ads.image,
      gallery: ads.galleryImages,
    })
    .from(ads)
    .where(inArray(ads.heading, Object.values(DEMO_FRAUD)));
  const original = rows.find((r) => r.heading === DEMO_FRAUD.original);
  const copy = rows.find((r) => r.heading === DEMO_FRAUD.copy);
  if (!original?.image || !copy || original.userId === copy.userId) return;
  const shared = original.image;
  const hashes = await storedPhotoHashes(shared);
  const at = new Date(now - 2 * 3600_000);
  await tx
    .update(ads)
    .set({
      image: shared,
      galleryImages: [...(copy.image ? [copy.image] : []), ...copy.gallery],
      status: 'pending',
      statusBeforePending: 'active',
      heldReason: 'fraud-signals',
      updatedAt: at,
    })
    .where(eq(ads.id, copy.id));
  for (const ad of [original, copy]) {
    if (hashes.length)
      await tx.insert(adPhotoHashes).values(
        hashes.map((hash) => {
          const [band0, band1, band2, band3] = hashBands(hash);
          return { adId: ad.id, userId: ad.userId, image: shared, hash, band0, band1, band2, band3 };
        }),
      );
    await tx
      .insert(adTextPrints)
      .values({ adId: ad.id, userId: ad.userId, body: textPrint(adText(ad.heading, htmlToText(ad.description))) });
  }
  await tx.insert(fraudFlags).values({
    adId: copy.id,
    signal: 'same-photo',
    matchedAdId: original.id,
    matchKey: `ad:${original.id}`,
    reason: fraudReason('same-photo', { matchedAdId: original.id }),
    measure: 0,
    createdAt: at,
  });
}
