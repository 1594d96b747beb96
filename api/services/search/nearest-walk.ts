import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adSearch, ads, places } from '../../db/schema/index.ts';
import { cardQuery, type TCardRow } from '../ads/ad-cards.ts';
import { distanceSql, type TPoint } from '../places/geo.ts';
import { documentQuery, narrowWhere, type TNarrowFilter } from './narrow-search.ts';
import { distanceOrder } from './search-orders.ts';

/**
 * Nearest first past the count cap, walked: the places within the radius in distance order, each
 * one's matches found in ad_search's index by its words and that place's key ('#l<id>',
 * drizzle/0035), until the first `offset + limit` matches are in hand. Ads sit at their place,
 * so those lie in the places up to the one where the walk stopped (and any other at the same
 * distance); the page is sorted from their matches alone, nearest first, newest first among
 * equals (distanceOrder). Sorting every match of a common word by distance instead read each
 * one's ads row: 160–600 ms at 1M ads for "for" within 5 km of a city (now about 30 ms).
 *
 * With fewer matches than the page needs (a page far past the cap), every place's are read: the
 * page is what lies past `offset`, if anything.
 */
export async function nearestWalk(
  q: Db,
  options: {
    filter: TNarrowFilter;
    center: TPoint;
    /** The chosen category's id. */
    categoryId: number | undefined;
    limit: number;
    offset: number;
    /** A test's extra condition (TSearchHooks), tested on every match. */
    extra?: SQL;
  },
): Promise<TCardRow[]> {
  const { filter, center, limit, offset } = options;
  const need = offset + limit;
  const ids = `{${(filter.placeIds ?? []).join(',')}}`;
  const words = documentQuery(filter.terms, filter.categoryKeys);
  // A place's matches: the words and its key, one lookup in the index (in the category's
  // partition when there is one).
  const matchesAt = (place: SQL) => {
    const keys = sql`(${words} && ('''#l' || ${place} || '''')::tsquery)`;
    const where = narrowWhere(filter, options.categoryId, keys);
    return options.extra ? (and(where, options.extra) as SQL) : where;
  };
  // The places with an ad (one probe of ads_place_idx each), with their distance from the
  // centre worked out as distanceOrder works it out, so both orders agree to the last bit.
  const statement = sql`
    WITH pl AS MATERIALIZED (
      SELECT ${places.id} AS id, ${distanceSql(center)} AS dist FROM ${places}
      WHERE ${places.id} = ANY(${ids}::int[]) AND EXISTS (SELECT FROM ${ads} WHERE ${ads.placeId} = ${places.id})),
    firstn AS MATERIALIZED (
      SELECT o.dist FROM (SELECT id, dist FROM pl ORDER BY dist OFFSET 0) o,
        LATERAL (SELECT FROM ${adSearch} WHERE ${matchesAt(sql`o.id`)} LIMIT ${need}) x
      LIMIT ${need}),
    edge AS MATERIALIZED (SELECT count(*) AS n, max(dist) AS d FROM firstn)
    SELECT s.ad_id FROM (SELECT id, dist FROM pl WHERE dist <= (SELECT d FROM edge) OFFSET 0) o,
      LATERAL (SELECT ${adSearch.adId} AS ad_id, ${adSearch.createdAt} AS created_at FROM ${adSearch}
               WHERE ${matchesAt(sql`o.id`)}) s
    ORDER BY o.dist, s.created_at DESC NULLS LAST, s.ad_id DESC
    LIMIT ${limit} OFFSET ${offset}`;
  // Prepared, so that the search connections plan it once (db/prepared.ts): planned afresh, its
  // plan cost 4–14 ms at 1M ads, more than the walk.
  return cardQuery(q, sql`${ads.id} IN (${statement})`, distanceOrder(center), limit, 0)
    .prepare('nearest_walk')
    .execute();
}
