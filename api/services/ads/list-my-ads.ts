import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { ads, categories, users } from '../../db/schema/index.ts';
import { filterNumber, type TAdListSort, type TSortOrder } from '../../schemas/admin-list.ts';
import { newestFirst, newestFirstFromMatches } from '../search/search-orders.ts';
import { searchTerms, tsquery } from '../search/search-text.ts';
import { adColumns, type TAdRow, toAdRecord } from './ad-record.ts';

export type TMyAdsFilter = {
  user: TSessionUser;
  /** The filter box: words through the full-text index, a number also as an id or price. */
  q?: string;
  /** A column to sort on; without it, newest first. */
  sort?: TAdListSort;
  order?: TSortOrder;
  /** Only this seller's ads (a user id); a customer's list is their own whatever it says. */
  seller?: number;
};

/**
 * Which ads the list holds: an admin's every ad, a customer's only their own (enforced here
 * so no query parameter can widen it: docs/RULES.md, Roles and access), narrowed by the
 * filter text.
 */
export function myAdsWhere({ user, q = '', seller }: Pick<TMyAdsFilter, 'user' | 'q' | 'seller'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (user.role !== 'admin') conditions.push(eq(ads.userId, user.id));
  if (seller !== undefined) conditions.push(eq(ads.userId, seller));
  const terms = searchTerms(q);
  const matches: SQL[] = [];
  if (terms.length) matches.push(sql`${ads.search} @@ ${tsquery(terms)}`);
  const n = filterNumber(q);
  if (n?.id !== undefined) matches.push(eq(ads.id, n.id));
  if (n) matches.push(eq(ads.price, n.price!));
  if (matches.length) conditions.push(or(...matches) as SQL);
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The list's order, id always last so equal headings or prices keep one order and OFFSET
 * pages never repeat or skip an ad. Headings sort case-blind, as the table always did.
 * `fromMatches` writes the same order so no index can serve it: for a selective filter
 * the planner otherwise walks an order index row by row (155 ms for a word no ad has, on
 * 100k ads) instead of collecting the matches through the GIN/btree bitmaps and sorting
 * those few (api/services/search/list-ads.ts explains the same choice for the public list).
 */
export function myAdsOrder(sort: TAdListSort | undefined, order: TSortOrder = 'asc', fromMatches = false): SQL[] {
  const dir = order === 'desc' ? desc : asc;
  if (sort === 'heading') return [dir(sql`lower(${ads.heading})`), dir(ads.id)];
  if (sort === 'price') return [dir(fromMatches ? sql`(${ads.price} + 0)` : ads.price), dir(ads.id)];
  if (sort === 'id') return [dir(fromMatches ? sql`(${ads.id} + 0)` : ads.id)];
  return fromMatches ? newestFirstFromMatches : newestFirst;
}

/** The ads with their category and their seller's name. */
export function selectMyAds(where: SQL | undefined) {
  return db()
    .select({ ...adColumns, sellerName: users.name })
    .from(ads)
    .innerJoin(categories, eq(categories.id, ads.categoryId))
    .innerJoin(users, eq(users.id, ads.userId))
    .where(where);
}

export type TMyAdRow = TAdRow & { sellerName: string };

/** A row of the list in its legacy field names, plus `seller_name` (the admin table's Seller column). */
export function toMyAdRecord(r: TMyAdRow) {
  return { ...toAdRecord(r), seller_name: r.sellerName };
}

/**
 * GET /api/ads without paging, the admin 'Advertisements' list as the legacy clients read
 * it: every matching ad at once, newest first unless a sort is asked for. The admin table
 * itself asks for one page at a time (list-my-ads-page.ts).
 */
export async function listMyAds(options: TMyAdsFilter) {
  const rows = (await selectMyAds(myAdsWhere(options)).orderBy(
    ...myAdsOrder(options.sort, options.order),
  )) as TMyAdRow[];
  return rows.map(toMyAdRecord);
}
