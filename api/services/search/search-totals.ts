import type { TPoint } from '../places/geo.ts';

// What the ad list's two paths (list-ads.ts over ad_search, list-over-ads.ts over ads) share:
// the count cap's arithmetic and the sidebar's counts.

/** One category's matches for the current search; `capped`: at least `count` (counting stopped). */
export type TCategoryCount = { slug: string; count: number; capped: boolean };

/** At most this many matches are sorted directly (a few ms); more are read in index order. */
export const SORT_MATCHES_UP_TO = 2_000;
/**
 * "Best match" over more matches than the count cap ranks the newest this many of them (or as
 * many as the page needs): ranking every match of a common word would read every one.
 */
export const RANK_NEWEST_UP_TO = 100;

/** A near search's centre, radius and the places within it (placeIdsWithin). */
export type TNearScope = { center: TPoint; radiusKm: number; placeIds: number[] };

/** The fields of an empty answer a list path needs. */
export type TListEmpty = { page: number; limit: number };

/**
 * Per category, the collected matches of a search's other filters (collectMatches: at most
 * cap + 1): the filter sidebar's numbers, from the same pass that stops the total. When the
 * pass held every match (no more than the cap) the counts are exact; otherwise every count is
 * "at least" (`capped`). Counting each category on its own up to the cap instead read up to
 * cap + 1 rows per category and rebuilt the search's bitmap each time: 10.8 s at 1M ads for a
 * common prefix (docs/PERFORMANCE.md).
 */
export function countByCategory(
  collected: { slug: string; n: number }[],
  full: boolean,
  cap: number,
): TCategoryCount[] {
  return collected.map(({ slug, n }) => ({ slug, count: Math.min(n, cap), capped: full || n > cap }));
}

/** The answer's total from `counted` matches counted up to cap + 1: past the cap, "at least". */
export function totalsOf(counted: number, cap: number, limit: number) {
  const total = Math.min(counted, cap);
  return { total, totalPages: Math.ceil(total / limit), totalCapped: counted > cap };
}
