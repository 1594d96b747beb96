import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TFraudSignal } from '../../constants/fraud.ts';
import { db } from '../../db/client.ts';
import { adPhotoHashes, ads, adTextPrints, fraudFlags, users } from '../../db/schema/index.ts';
import { htmlToText } from '../../lib/sanitize.ts';
import { applyAdTransition } from '../ads/apply-ad-transition.ts';
import { queueCachePurge } from '../cache/purge-caches.ts';
import { getModerationSettings } from '../moderation/moderation-settings.ts';
import {
  adText,
  lowPriceSignals,
  postingBurstSignals,
  samePhotoSignals,
  sameTextSignals,
  scamPhraseSignals,
  type TCheckedAd,
  type TFoundSignal,
  textPrint,
} from './find-fraud-signals.ts';
import { fraudScore, reachesHold } from './fraud-score.ts';
import { hashBands, storedPhotoHashes } from './photo-hash.ts';

export type TFraudCheckResult = { signals: TFraudSignal[]; score: number; held: boolean } | null;

/**
 * The fraud check of one ad (queue `fraud-check`, queued with every post and edit): hashes its
 * photos and keeps its text print for the checks of later ads, looks for every signal
 * (find-fraud-signals.ts), writes a flag for each new one and drops open flags the ad no
 * longer earns (an edit took the phrase out); dismissed flags stay, so they never come back.
 * When the open flags' score reaches the hold score, a public ad is held for review (state
 * pending, held reason "Fraud signals"). Admins' ads and removed ads are not checked; an ad
 * deleted before its check is nothing to do.
 */
export async function runFraudCheck(options: { adId: number; now?: Date }): Promise<TFraudCheckResult> {
  const [row] = await db()
    .select({
      id: ads.id,
      userId: ads.userId,
      categoryId: ads.categoryId,
      price: ads.price,
      heading: ads.heading,
      description: ads.description,
      image: ads.image,
      gallery: ads.galleryImages,
      status: ads.status,
      role: users.role,
      ownerCreatedAt: users.createdAt,
    })
    .from(ads)
    .innerJoin(users, eq(users.id, ads.userId))
    .where(eq(ads.id, options.adId))
    .limit(1);
  if (!row || row.role === 'admin' || row.status === 'removed') return null;
  const rules = await getModerationSettings();
  const ad: TCheckedAd = { ...row, text: adText(row.heading, htmlToText(row.description)) };

  // Hashing reads the photos from storage and works outside any transaction. A stored image
  // never changes under its name, so the photos an edit kept keep the hashes of the last check;
  // only new ones are read and hashed (on the web process's thread, the check's largest cost).
  const images = [...new Set([row.image, ...row.gallery].filter((n): n is string => !!n))];
  const known = await db()
    .select({ image: adPhotoHashes.image, hash: adPhotoHashes.hash })
    .from(adPhotoHashes)
    .where(eq(adPhotoHashes.adId, ad.id));
  const hashed: { image: string; hash: bigint }[] = [];
  for (const image of images) {
    const kept = known.filter((k) => k.image === image);
    for (const hash of kept.length ? kept.map((k) => k.hash) : await storedPhotoHashes(image))
      hashed.push({ image, hash });
  }
  await db().transaction(async (tx) => {
    await tx.delete(adPhotoHashes).where(eq(adPhotoHashes.adId, ad.id));
    if (hashed.length)
      await tx.insert(adPhotoHashes).values(
        hashed.map(({ image, hash }) => {
          const [band0, band1, band2, band3] = hashBands(hash);
          return { adId: ad.id, userId: ad.userId, image, hash, band0, band1, band2, band3 };
        }),
      );
    const body = textPrint(ad.text);
    await tx
      .insert(adTextPrints)
      .values({ adId: ad.id, userId: ad.userId, body })
      .onConflictDoUpdate({ target: adTextPrints.adId, set: { userId: ad.userId, body } });
  });

  const found: TFoundSignal[] = [
    ...(await samePhotoSignals(
      ad,
      hashed.map((h) => h.hash),
    )),
    ...(await sameTextSignals(ad)),
    ...(await lowPriceSignals(ad)),
    ...scamPhraseSignals(ad, rules.phrases),
    ...(await postingBurstSignals(ad, options.now)),
  ];
  return recordSignals({ adId: ad.id, found, weights: rules.fraudWeights, holdScore: rules.fraudHoldScore });
}

/** Writes the flags, scores the open ones and holds the ad when they reach the hold score. */
async function recordSignals(options: {
  adId: number;
  found: TFoundSignal[];
  weights: Parameters<typeof fraudScore>[1];
  holdScore: number;
}) {
  const { adId, found } = options;
  const result = await db().transaction(async (tx) => {
    // The ad's row first: a moderator's decision on it waits for this check, or the other way round.
    const [ad] = await tx.select({ status: ads.status }).from(ads).where(eq(ads.id, adId)).for('update');
    if (!ad) return null;
    const keep = new Set(found.map((f) => `${f.signal}\u0000${f.matchKey}`));
    const open = await tx
      .select({ id: fraudFlags.id, signal: fraudFlags.signal, matchKey: fraudFlags.matchKey })
      .from(fraudFlags)
      .where(and(eq(fraudFlags.adId, adId), isNull(fraudFlags.dismissedAt)));
    const gone = open.filter((f) => !keep.has(`${f.signal}\u0000${f.matchKey}`)).map((f) => f.id);
    if (gone.length) await tx.delete(fraudFlags).where(inArray(fraudFlags.id, gone));
    if (found.length)
      await tx
        .insert(fraudFlags)
        .values(found.map((f) => ({ adId, ...f })))
        .onConflictDoNothing({ target: [fraudFlags.adId, fraudFlags.signal, fraudFlags.matchKey] });
    const signals = (
      await tx
        .select({ signal: fraudFlags.signal })
        .from(fraudFlags)
        .where(and(eq(fraudFlags.adId, adId), isNull(fraudFlags.dismissedAt)))
    ).map((r) => r.signal);
    const score = fraudScore(signals, options.weights);
    const held = reachesHold(score, options.holdScore) && ad.status !== 'pending' && ad.status !== 'removed';
    if (held) await applyAdTransition({ tx, id: adId, actor: 'system', action: 'hold', heldReason: 'fraud-signals' });
    return { signals: [...new Set(signals)], score, held };
  });
  if (result?.held) await queueCachePurge(['ads']);
  return result;
}
