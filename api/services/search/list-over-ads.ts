import { and, eq, gte, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ads } from '../../db/schema/index.ts';
import { cardQuery, idIn, type TCardRow, toAdCard } from '../ads/ad-cards.ts';
import { publicAdFilter } from '../ads/public-ad-filter.ts';
import type { TListAdsOptions } from './list-ads.ts';
import type { TPlainSort } from './narrow-search.ts';
import {
  distanceOrder,
  newestFirst,
  newestFirstFromMatches,
  ORDER,
  ORDER_FROM_MATCHES,
  rankedCards,
} from './search-orders.ts';
import { type TSearchHooks, walkOrSort, withSearchTimeout } from './search-run.ts';
import { searchCountCap } from './search-settings.ts';
import { categoryLookup, searchCondition } from './search-text.ts';
import {
  countByCategory,
  RANK_NEWEST_UP_TO,
  SORT_MATCHES_UP_TO,
  type TListEmpty,
  type TNearScope,
  totalsOf,
} from './search-totals.ts';
import { suggestSearch } from './suggest-search.ts';

// The ad list's filtered path over ads: the seller page, a price range alone, a near search
// without words (list-ads.ts sends text searches to ad_search).

/**
 * Up to `upTo` matches of `where` over ads (id and category), in no order: the one pass that
 * counts a filter without search words (a price range, the seller page). Counting stops there
 * (a LIMIT). With no more matches than that, the pass holds every match and the page is
 * sorted from their ids. A text search counts over ad_search instead (summarizeMatches).
 */
async function collectMatches(q: Db | Tx, where: SQL | undefined, upTo: number) {
  return q.select({ id: ads.id, categoryId: ads.categoryId }).from(ads).where(where).limit(upTo);
}

/** A filtered list over ads (the seller page, a price range alone, a near search without words). */
export function listOverAds<T extends TListEmpty & { ads: never[] }>(
  options: TListAdsOptions,
  terms: string[],
  slug: string,
  empty: T,
  near: TNearScope | undefined,
  hooks: TSearchHooks,
) {
  const { page, limit, sort = '', minPrice, maxPrice } = options;
  return withSearchTimeout(async (q) => {
    const withCounts = options.withCategoryCounts === true;
    const lookup = await categoryLookup(q, slug, terms, withCounts);
    if (slug && lookup.selectedId === undefined) return empty;

    // Everything but the category: the sidebar counts every category for the same filters.
    const others: SQL[] = [];
    if (minPrice !== undefined) others.push(gte(ads.price, minPrice));
    if (maxPrice !== undefined) others.push(lte(ads.price, maxPrice));
    if (options.sellerId !== undefined) others.push(eq(ads.userId, options.sellerId));
    if (near) others.push(sql`${ads.placeId} = ANY(${`{${near.placeIds.join(',')}}`}::int[])`);
    if (terms.length) others.push(searchCondition(terms, lookup.matches));
    // Only what the public may see (active or reserved, not past its time), always.
    const whereOthers = and(publicAdFilter(), ...others);
    const selected = lookup.selectedId;
    const where = selected !== undefined ? and(whereOthers, eq(ads.categoryId, selected)) : whereOthers;

    // One pass collects up to cap + 1 matches: of the other filters when the sidebar's category
    // counts are asked for (the chosen category's matches are among them), else of all of them.
    const cap = searchCountCap();
    const extra = hooks.extraCondition;
    const collectWhere = withCounts ? whereOthers : where;
    const collected = await collectMatches(q, extra ? and(collectWhere, extra) : collectWhere, cap + 1);
    const byCategory = new Map<number, number>();
    for (const m of collected) byCategory.set(m.categoryId, (byCategory.get(m.categoryId) ?? 0) + 1);
    const categoryCounts = withCounts
      ? countByCategory(
          lookup.all.map((c) => ({ slug: c.slug, n: byCategory.get(c.id) ?? 0 })),
          collected.length > cap,
          cap,
        )
      : undefined;
    let matches = withCounts && selected !== undefined ? collected.filter((m) => m.categoryId === selected) : collected;
    // The pass stopped before it saw every match of the chosen category: count those on their own.
    if (withCounts && selected !== undefined && collected.length > cap && matches.length <= cap) {
      matches = await collectMatches(q, where, cap + 1);
    }
    const counted = matches.length;
    const { total, totalPages, totalCapped } = totalsOf(counted, cap, limit);
    const offset = (page - 1) * limit;
    if (counted === 0 || (!totalCapped && offset >= total)) {
      const suggestion = counted === 0 && terms.length && page === 1 ? await suggestSearch(q, terms) : null;
      return { ...empty, total, totalPages, totalCapped, suggestion, categoryCounts };
    }
    // Few matches: all of them are in hand, and the page is sorted from their ids.
    const fewMatches = !totalCapped && counted <= SORT_MATCHES_UP_TO;
    const matchIds = matches.map((m) => m.id);
    const relevance = sort === 'relevance' && terms.length > 0;
    const key: TPlainSort = sort === 'relevance' || sort === 'distance' ? '' : sort;
    const byDistance = sort === 'distance' && near ? distanceOrder(near.center) : undefined;
    const poolSize = Math.max(RANK_NEWEST_UP_TO, offset + limit);
    const rank = (x: Db | Tx, ids: number[] | SQLWrapper) => rankedCards(x, terms, ids, limit, offset);
    let rows: TCardRow[];
    if (byDistance) {
      // Nearest first: the matches within the radius sorted by their place's distance.
      rows = await cardQuery(q, fewMatches ? idIn(ads.id, matchIds) : where, byDistance, limit, offset);
    } else if (fewMatches) {
      // The seller page, or a price range alone: few matches are sorted from their ids.
      rows = relevance
        ? await rank(q, matchIds)
        : await cardQuery(q, idIn(ads.id, matchIds), ORDER_FROM_MATCHES[key], limit, offset);
    } else if (relevance) {
      // The newest matches, by walking the order index within the budget, else by sorting them.
      const rankNewest = (x: Db | Tx, order: SQL[]) => {
        const pool = x
          .select({ id: ads.id })
          .from(ads)
          .where(where)
          .orderBy(...order)
          .limit(poolSize)
          .as('pool');
        return rank(x, sql`(SELECT ${pool.id} FROM ${pool})`);
      };
      rows = await walkOrSort(
        q,
        (x) => rankNewest(x, newestFirst),
        (x) => rankNewest(x, newestFirstFromMatches),
      );
    } else {
      // More: walk the order index within a time budget, else sort every match (walkOrSort).
      rows = await walkOrSort(
        q,
        (x) => cardQuery(x, where, ORDER[key], limit, offset),
        (x) => cardQuery(x, where, ORDER_FROM_MATCHES[key], limit, offset),
      );
    }
    return { ...empty, ads: rows.map(toAdCard), total, totalPages, totalCapped, categoryCounts };
  });
}
