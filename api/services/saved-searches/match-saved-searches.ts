import { and, asc, inArray, sql } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import {
  ads,
  categories,
  savedSearches,
  savedSearchMatches,
  savedSearchWatermark,
  users,
} from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/rows-of.ts';
import { publicAdFilter } from '../ads/public-ad-filter.ts';
import { distanceBetween } from '../places/geo.ts';
import { categoryNameDocument } from '../search/search-text.ts';

/** The longest word searchTerms keeps (search/search-text.ts): no key term is longer. */
const MAX_KEY_LENGTH = 64;

/** Ads matched against every saved search in one statement. */
export const MATCH_BATCH = 500;

/**
 * How far behind the watermark each run looks again. An ad's time is set when its
 * transaction starts, so one that commits late may carry a time before ads already seen;
 * looking back a minute finds it (matches already made are skipped by the unique pair).
 */
const GRACE_MS = 60_000;

/**
 * Matches one batch of ads against ALL saved searches in one INSERT … SELECT. The words
 * follow the ad list's rules (api/services/search/list-ads.ts): each term must be in the ad's
 * text or in its category's name, so the stored tsquery (all terms, AND) is tested against
 * the ad's document joined with its category name's. Testing every search against every
 * ad would be searches × ads tests; instead the candidates are found by index:
 * - searches with words, through their key term (their query's first lexeme), which must
 *   be a lexeme of the ad's document or, for the typed-on last word, a prefix of one: every
 *   prefix of every lexeme of the batch is looked up in saved_searches_key_term_idx;
 * - searches without words, through the ad's category (saved_searches_category_idx);
 * - searches with neither (a price range over everything), against every ad.
 * Each candidate then gets the full test: category, price range, words, and for a near
 * search the distance of the ad's place. A search only finds
 * ads published after it was saved, and never its owner's own ads. Returns how many new
 * (search, ad) pairs were found.
 */
async function matchBatch(adIds: number[]): Promise<number> {
  return db().transaction(async (tx) => {
    // The planner misjudges these sets and would test every search against every ad before
    // joining the candidates: the joins run in the order written. JIT compiling costs more
    // than this one statement saves.
    await tx.execute(sql`SET LOCAL join_collapse_limit = 1`);
    await tx.execute(sql`SET LOCAL jit = off`);
    const result = await tx.execute(sql`
    WITH batch AS MATERIALIZED (
      SELECT ${ads.id} AS id, ${ads.userId} AS user_id, ${ads.categoryId} AS category_id, ${ads.price} AS price,
             ${ads.publishedAt} AS published_at, ${ads.search} || ${categoryNameDocument} AS doc,
             pl.latitude AS lat, pl.longitude AS lon
      FROM ${ads} JOIN ${categories} ON ${categories.id} = ${ads.categoryId}
      LEFT JOIN places pl ON pl.id = ${ads.placeId}
      WHERE ${inArray(ads.id, adIds)} AND ${publicAdFilter()}
    ), prefixes AS (
      SELECT DISTINCT b.id AS ad_id, left(l.lexeme, n) AS prefix
      FROM batch b
      CROSS JOIN LATERAL unnest(tsvector_to_array(b.doc)) AS l(lexeme)
      CROSS JOIN LATERAL generate_series(1, least(length(l.lexeme), ${MAX_KEY_LENGTH})) AS n
    ), candidates AS MATERIALIZED (
      -- Disjoint: one key term per search, found once per ad (its prefixes are distinct).
      SELECT p.ad_id, s.id AS search_id FROM prefixes p JOIN ${savedSearches} s ON s.key_term = p.prefix
      UNION ALL
      SELECT b.id, s.id FROM batch b JOIN ${savedSearches} s
        ON s.key_term IS NULL AND s.category_id = b.category_id
      UNION ALL
      SELECT b.id, s.id FROM batch b CROSS JOIN ${savedSearches} s
      WHERE s.key_term IS NULL AND s.category_id IS NULL
    )
    INSERT INTO ${savedSearchMatches} (saved_search_id, ad_id, mailed_at)
    SELECT s.id, b.id,
           -- Alerts off when it matched: settled now, never mailed later (see mailed_at).
           CASE WHEN s.frequency = 'off' OR NOT u.alert_mails THEN now() END
    FROM candidates c
    JOIN batch b ON b.id = c.ad_id
    JOIN ${savedSearches} s ON s.id = c.search_id
    JOIN ${users} u ON u.id = s.user_id
    WHERE (s.category_id IS NULL OR s.category_id = b.category_id)
      AND (s.min_price IS NULL OR b.price >= s.min_price)
      AND (s.max_price IS NULL OR b.price <= s.max_price)
      AND s.user_id <> b.user_id
      AND s.created_at <= b.published_at
      AND (s.query IS NULL OR b.doc @@ s.query)
      -- A near search: the ad's place within its radius (the ad list's haversine).
      AND (s.near_lat IS NULL OR (b.lat IS NOT NULL AND ${distanceBetween(sql`s.near_lat`, sql`s.near_lon`, sql`b.lat`, sql`b.lon`)} <= s.radius_km))
    ON CONFLICT DO NOTHING
    RETURNING saved_search_id`);
    return rowsOf(result).length;
  });
}

/**
 * The matching job (queue `saved-search-match`: every minute, and queued when an ad is
 * created or comes back on offer). Walks the visible ads changed since the watermark (less
 * the grace period) in batches ordered by (updated_at, id), matches each batch with one
 * statement, and moves the watermark past it. Two runs at once (the cron's and a queued
 * one) are harmless: the watermark only moves forward and a pair is stored once.
 */
export async function matchSavedSearches(): Promise<{ ads: number; matches: number }> {
  // Times travel as PostgreSQL's text, never as Date: a Date drops the microseconds, and a
  // batch whose ads share one time (one statement's now()) would then be read again for ever.
  const [mark] = await db()
    .select({ at: sql<string>`(${savedSearchWatermark.updatedAt} - ${`${GRACE_MS} milliseconds`}::interval)::text` })
    .from(savedSearchWatermark);
  let after = { at: mark?.at ?? sql`now()`, id: 0 };
  let seen = 0;
  let matches = 0;
  for (;;) {
    const batch = await db()
      .select({ id: ads.id, at: sql<string>`${ads.updatedAt}::text` })
      .from(ads)
      .where(and(publicAdFilter(), sql`(${ads.updatedAt}, ${ads.id}) > (${after.at}::timestamptz, ${after.id}::int)`))
      .orderBy(asc(ads.updatedAt), asc(ads.id))
      .limit(MATCH_BATCH);
    if (!batch.length) break;
    matches += await matchBatch(batch.map((a) => a.id));
    seen += batch.length;
    const last = batch[batch.length - 1];
    after = { at: last.at, id: last.id };
    // Only forward: a run that looked back over the grace period must not move it back.
    await db()
      .update(savedSearchWatermark)
      .set({ updatedAt: sql`${last.at}::timestamptz`, adId: last.id })
      .where(sql`${savedSearchWatermark.updatedAt} < ${last.at}::timestamptz`);
    if (batch.length < MATCH_BATCH) break;
  }
  return { ads: seen, matches };
}
