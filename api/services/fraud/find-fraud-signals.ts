import { and, asc, count, desc, eq, gt, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  BURST_ACCOUNT_HOURS,
  BURST_ADS_PER_HOUR,
  FRAUD_MATCHES_MAX,
  fraudReason,
  LOW_PRICE_MIN_COMPARABLE,
  LOW_PRICE_SAMPLE,
  LOW_PRICE_SHARE,
  PHOTO_MAX_DISTANCE,
  TEXT_MIN_SIMILARITY,
  TEXT_PRINT_CHARS,
  type TFraudSignal,
} from '../../constants/fraud.ts';
import { db } from '../../db/client.ts';
import { adPhotoHashes, ads, adTextPrints, fraudFlags } from '../../db/schema/index.ts';
import { publicAdFilter } from '../ads/public-ad-filter.ts';
import { findBannedWord } from '../moderation/banned-words.ts';
import { bandProbes, hashBands } from './photo-hash.ts';

/** One signal the check found: written as a fraud_flags row unless it is there already. */
export type TFoundSignal = {
  signal: TFraudSignal;
  matchedAdId: number | null;
  matchKey: string;
  reason: string;
  measure: number | null;
};

/** The ad as the check sees it. */
export type TCheckedAd = {
  id: number;
  userId: number;
  categoryId: number;
  price: number;
  text: string;
  ownerCreatedAt: Date;
};

const HOUR = 3600_000;

/**
 * Not a pair a moderator dismissed, in either direction: a dismissed false match is never
 * raised again, whichever of the two ads is checked.
 */
function notDismissedPair(signal: TFraudSignal, adId: number, other: AnyPgColumn): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${fraudFlags} WHERE ${fraudFlags.signal} = ${signal}
    AND ${fraudFlags.dismissedAt} IS NOT NULL
    AND ((${fraudFlags.adId} = ${adId} AND ${fraudFlags.matchedAdId} = ${other})
      OR (${fraudFlags.adId} = ${other} AND ${fraudFlags.matchedAdId} = ${adId})))`;
}

const pairSignal = (signal: TFraudSignal, matchedAdId: number, measure: number): TFoundSignal => ({
  signal,
  matchedAdId,
  matchKey: `ad:${matchedAdId}`,
  reason: fraudReason(signal, { matchedAdId }),
  measure,
});

/** Matching older ads read per look-up: enough to see the earliest of a photo shared widely. */
const CANDIDATES = 50;

/**
 * Of the older ads that match (earliest first), those of other accounts posted before the
 * poster's own first match: an owner who posts their photo again is not flagged for the
 * copies others made of their earlier ad. The newer ad is the one flagged: the older is the
 * original.
 */
function originals<T extends { adId: number; userId: number }>(rows: T[], userId: number): T[] {
  const ownFirst = rows.find((r) => r.userId === userId)?.adId ?? Number.POSITIVE_INFINITY;
  return rows.filter((r) => r.userId !== userId && r.adId < ownFirst);
}

/**
 * Older ads of other accounts with a photo within PHOTO_MAX_DISTANCE bits of one of these
 * hashes. Each hash asks the four band indexes for 17 values each (photo-hash.ts), then counts
 * bits only on what they found.
 */
export async function samePhotoSignals(ad: TCheckedAd, hashes: bigint[]): Promise<TFoundSignal[]> {
  const best = new Map<number, number>();
  for (const hash of hashes) {
    const bands = hashBands(hash);
    const distance = sql<number>`bit_count((${adPhotoHashes.hash} # ${hash.toString()}::bigint)::bit(64))::int`;
    const rows = await db()
      .select({ adId: adPhotoHashes.adId, userId: adPhotoHashes.userId, distance })
      .from(adPhotoHashes)
      .where(
        and(
          or(
            inArray(adPhotoHashes.band0, bandProbes(bands[0])),
            inArray(adPhotoHashes.band1, bandProbes(bands[1])),
            inArray(adPhotoHashes.band2, bandProbes(bands[2])),
            inArray(adPhotoHashes.band3, bandProbes(bands[3])),
          ),
          lt(adPhotoHashes.adId, ad.id),
          sql`${distance} <= ${PHOTO_MAX_DISTANCE}`,
          notDismissedPair('same-photo', ad.id, adPhotoHashes.adId),
        ),
      )
      .orderBy(asc(adPhotoHashes.adId))
      .limit(CANDIDATES);
    for (const r of originals(rows, ad.userId)) best.set(r.adId, Math.min(best.get(r.adId) ?? 64, r.distance));
  }
  return [...best]
    .sort((a, b) => a[1] - b[1] || a[0] - b[0])
    .slice(0, FRAUD_MATCHES_MAX)
    .map(([id, d]) => pairSignal('same-photo', id, d));
}

/** The ad's text as the checks read it: heading and description as plain text, lower case, spaces collapsed. */
export function adText(heading: string, descriptionText: string): string {
  return `${heading}\n${descriptionText}`.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The part of the text compared with other ads' (ad_text_prints.body). */
export const textPrint = (text: string) => text.slice(0, TEXT_PRINT_CHARS);

/** Texts shorter than this are too common to call a copy ("iPhone 12, like new"). */
export const TEXT_MIN_CHARS = 60;

/**
 * Older ads of other accounts whose text is at least TEXT_MIN_SIMILARITY alike by trigrams
 * (pg_trgm's `%`, served by the GIN index on ad_text_prints), most alike first; like photos,
 * only those before the poster's own first ad of that text.
 */
export async function sameTextSignals(ad: TCheckedAd): Promise<TFoundSignal[]> {
  const body = textPrint(ad.text);
  if (body.length < TEXT_MIN_CHARS) return [];
  const similarity = sql<number>`similarity(${adTextPrints.body}, ${body})`;
  const rows = await db().transaction(async (tx) => {
    // `%` reads its threshold from this setting; LOCAL ends with the transaction.
    await tx.execute(sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(TEXT_MIN_SIMILARITY)}, true)`);
    return tx
      .select({ adId: adTextPrints.adId, userId: adTextPrints.userId, similarity })
      .from(adTextPrints)
      .where(
        and(
          sql`${adTextPrints.body} % ${body}`,
          lt(adTextPrints.adId, ad.id),
          notDismissedPair('same-text', ad.id, adTextPrints.adId),
        ),
      )
      .orderBy(asc(adTextPrints.adId))
      .limit(CANDIDATES);
  });
  return originals(rows, ad.userId)
    .sort((a, b) => b.similarity - a.similarity || a.adId - b.adId)
    .slice(0, FRAUD_MATCHES_MAX)
    .map((r) => pairSignal('same-text', r.adId, Math.round(r.similarity * 100) / 100));
}

const dollars = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

/**
 * A price under LOW_PRICE_SHARE of the median of the newest LOW_PRICE_SAMPLE public ads of its
 * category by other accounts, when there are at least LOW_PRICE_MIN_COMPARABLE of them. A free
 * item (price 0) is a give-away, not a bargain too good to be true: never flagged.
 */
export async function lowPriceSignals(ad: TCheckedAd): Promise<TFoundSignal[]> {
  if (ad.price <= 0) return [];
  const sample = db()
    .select({ price: ads.price })
    .from(ads)
    .where(and(eq(ads.categoryId, ad.categoryId), publicAdFilter(), ne(ads.id, ad.id), ne(ads.userId, ad.userId)))
    // NULLS LAST as ads_visible_category_created_idx has it: the newest are read from the index.
    .orderBy(sql`${ads.createdAt} DESC NULLS LAST`, desc(ads.id))
    .limit(LOW_PRICE_SAMPLE)
    .as('sample');
  const [row] = await db()
    .select({
      n: count(),
      median: sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${sample.price})::float8`,
    })
    .from(sample);
  const median = Number(row?.median ?? 0);
  if ((row?.n ?? 0) < LOW_PRICE_MIN_COMPARABLE || !(median > 0) || ad.price >= median * LOW_PRICE_SHARE) return [];
  return [
    {
      signal: 'low-price',
      matchedAdId: null,
      matchKey: '',
      reason: fraudReason('low-price', { text: dollars(median) }),
      measure: Math.round((ad.price / median) * 100) / 100,
    },
  ];
}

/** Each scam phrase of the moderators' list the ad's text holds (whole words, any case). */
export function scamPhraseSignals(ad: Pick<TCheckedAd, 'text'>, phrases: readonly string[]): TFoundSignal[] {
  return phrases
    .filter((p) => findBannedWord(ad.text, [p]))
    .map((p) => ({
      signal: 'scam-phrase' as const,
      matchedAdId: null,
      matchKey: p,
      reason: fraudReason('scam-phrase', { text: p }),
      measure: null,
    }));
}

/** An account younger than BURST_ACCOUNT_HOURS that posted BURST_ADS_PER_HOUR ads within the hour. */
export async function postingBurstSignals(ad: TCheckedAd, now = new Date()): Promise<TFoundSignal[]> {
  if (now.getTime() - ad.ownerCreatedAt.getTime() > BURST_ACCOUNT_HOURS * HOUR) return [];
  const [row] = await db()
    .select({ n: count() })
    .from(ads)
    .where(and(eq(ads.userId, ad.userId), gt(ads.createdAt, new Date(now.getTime() - HOUR))));
  const n = row?.n ?? 0;
  if (n < BURST_ADS_PER_HOUR) return [];
  return [
    { signal: 'posting-burst', matchedAdId: null, matchKey: '', reason: fraudReason('posting-burst', {}), measure: n },
  ];
}
