import { count } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { ads } from '../../db/schema/index.ts';
import { countAllAds } from '../categories/count-all-ads.ts';
import type { TAdRow } from './ad-record.ts';
import { toAdRecord } from './ad-record.ts';
import { SORT_MATCHES_UP_TO } from './list-ads.ts';
import { myAdsOrder, myAdsWhere, selectMyAds, type TMyAdsFilter } from './list-my-ads.ts';

/**
 * One page of the admin 'Advertisements' list (GET /api/ads?page=…), filtered and sorted in
 * the database, with the number of matching ads for the pager. An admin's unfiltered total
 * is the triggers' per-category count, read beside the page instead of counting 100k rows.
 */
export async function listMyAdsPage(options: TMyAdsFilter & { page: number; limit: number }) {
  const { page, limit, sort, order } = options;
  const where = myAdsWhere(options);
  const pageQuery = (fromMatches: boolean) =>
    selectMyAds(where)
      .orderBy(...myAdsOrder(sort, order, fromMatches))
      .limit(limit)
      .offset((page - 1) * limit) as Promise<TAdRow[]>;

  let total: number;
  let rows: TAdRow[] = [];
  if (!where) {
    [rows, total] = await Promise.all([pageQuery(false), countAllAds()]);
  } else {
    // Filtered (or a customer's own): count first. It picks the plan for the page, and a
    // miss or a page past the end needs no second query.
    const [found] = await db().select({ n: count() }).from(ads).where(where);
    total = Number(found?.n ?? 0);
    if (total > 0 && (page - 1) * limit < total) rows = await pageQuery(total <= SORT_MATCHES_UP_TO);
  }
  return { ads: rows.map(toAdRecord), total, page, limit, totalPages: Math.ceil(total / limit) };
}
