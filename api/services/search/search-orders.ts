import { asc, desc, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ads } from '../../db/schema/index.ts';
import { cardQuery, idIn } from '../ads/ad-cards.ts';
import { distanceSql, type TPoint } from '../places/geo.ts';
import type { TPlainSort } from './narrow-search.ts';
import { anyTermQuery } from './search-text.ts';

// The ad list's orders: each sort as the indexes keep it, the same written so no index can
// serve it (for few matches), best match, and a near search's distance.

/**
 * Newest first says NULLS LAST to match the indexes (created_at DESC NULLS LAST), so the
 * planner walks ads_created_idx / ads_category_created_idx instead of sorting every row;
 * id breaks ties so OFFSET pages never repeat or skip an ad.
 */
export const newestFirst = [sql`${ads.createdAt} desc nulls last`, desc(ads.id)];

/**
 * "Best match": ts_rank over the search document with the heading (weight A) counting ten
 * times a description word (C) and the location (B) in between; equal ranks newest first.
 * The query is the terms OR-ed, so a term that matched through a category name still ranks
 * the ads whose own text has it higher.
 */
const RANK_WEIGHTS = '{0.05, 0.1, 0.4, 1.0}';
export function relevanceOrder(terms: string[], orderable: SQL): SQL[] {
  return [sql`ts_rank(${RANK_WEIGHTS}::float4[], ${ads.search}, ${anyTermQuery(terms)}) DESC`, orderable, desc(ads.id)];
}

export const ORDER: Record<TPlainSort, SQL[]> = {
  '': newestFirst,
  'price-asc': [asc(ads.price), asc(ads.id)],
  'price-desc': [desc(ads.price), desc(ads.id)],
};

/** Newest first written so no index serves it (see ORDER_FROM_MATCHES); the admin list uses it too. */
export const newestFirstFromMatches = [sql`(${ads.createdAt} + interval '0 seconds') desc nulls last`, desc(ads.id)];

/**
 * The same orders written so no index can serve them. The planner misjudges selective
 * filters: a rare search term (full-text selectivity is a guess) or a price range that is
 * rare within a category (cheap vehicles: the columns are correlated) has it walk an order
 * index filtering row after row, up to every ad for a miss. With the count in hand, a
 * selective filter instead collects its matches through the GIN/btree bitmaps and sorts
 * just those.
 */
export const ORDER_FROM_MATCHES: Record<TPlainSort, SQL[]> = {
  '': newestFirstFromMatches,
  'price-asc': [sql`(${ads.price} + 0) asc`, asc(ads.id)],
  'price-desc': [sql`(${ads.price} + 0) desc`, desc(ads.id)],
};

/**
 * Nearest first, from the ad's place (ads sit at their place), newest first among equals:
 * no index keeps this order, so the matches within the radius are sorted.
 */
export const distanceOrder = (center: TPoint): SQL[] => [
  sql`(SELECT ${distanceSql(center)} FROM places WHERE places.id = ${ads.placeId}) ASC`,
  ...newestFirst,
];

/** The ads of `ids` (a list or a subquery) ranked by best match for `terms`, one page of them. */
export function rankedCards(q: Db | Tx, terms: string[], ids: number[] | SQLWrapper, limit: number, offset: number) {
  return cardQuery(
    q,
    Array.isArray(ids) ? idIn(ads.id, ids) : inArray(ads.id, ids),
    relevanceOrder(terms, newestFirst[0] as SQL),
    limit,
    offset,
  );
}
