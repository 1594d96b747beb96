import { count } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { ads } from '../../db/schema/index.ts';
import { SORT_MATCHES_UP_TO } from '../search/search-totals.ts';
import { myAdsOrder, myAdsWhere, selectMyAds, type TMyAdRow, type TMyAdsFilter, toMyAdRecord } from './list-my-ads.ts';

/**
 * One page of the admin 'Advertisements' list (GET /api/ads?page=…), filtered and sorted in
 * the database, with the number of matching ads for the pager. An admin's unfiltered total
 * counts every ad in every state: the triggers' per-category counts hold only the public
 * ones, so this admin-only page pays for a count (tens of ms on 100k ads).
 */
export async function listMyAdsPage(options: TMyAdsFilter & { page: number; limit: number }) {
  const { page, limit, sort, order } = options;
  const where = myAdsWhere(options);
  const pageQuery = (fromMatches: boolean) =>
    selectMyAds(where)
      .orderBy(...myAdsOrder(sort, order, fromMatches))
      .limit(limit)
      .offset((page - 1) * limit) as Promise<TMyAdRow[]>;

  let total: number;
  let rows: TMyAdRow[] = [];
  if (!where) {
    const [pageRows, [all]] = await Promise.all([pageQuery(false), db().select({ n: count() }).from(ads)]);
    rows = pageRows;
    total = Number(all?.n ?? 0);
  } else {
    // Filtered (or a customer's own): count first. It picks the plan for the page, and a
    // miss or a page past the end needs no second query.
    const [found] = await db().select({ n: count() }).from(ads).where(where);
    total = Number(found?.n ?? 0);
    if (total > 0 && (page - 1) * limit < total) rows = await pageQuery(total <= SORT_MATCHES_UP_TO);
  }
  return { ads: rows.map(toMyAdRecord), total, page, limit, totalPages: Math.ceil(total / limit) };
}
