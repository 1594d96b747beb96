import { and, asc, desc, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { adSearch } from '../../db/schema/index.ts';
import type { TAdSort } from '../../schemas/ad-query.ts';
import { termGroup } from './word-forms.ts';

/**
 * A search over the narrow table ad_search (api/db/schema/search.ts): the same matches as the
 * public filter over ads, read from rows of a few fixed-width columns. Its GIN index holds each
 * ad's search document plus a key for its category ('#c<id>'), so the text and the category
 * are one index lookup, and counting or sorting a common word's matches reads pages that stay
 * in memory instead of the wide ads rows.
 */

/** Index keys ('#c3', '#p12', …) as one tsquery matching any (cast, not parsed: the parser drops '#'). */
const anyKey = (keys: string[]) => sql`${keys.map((k) => `'#${k}'`).join(' | ')}::tsquery`;
const categoryKeys = (ids: number[]) => anyKey(ids.map((id) => `c${id}`));

/**
 * The price buckets' lower bounds: 1, 1.5, 2, 3, 5, 7 in each power of ten. The index function
 * (drizzle/0016_ad_search.sql) lists the same in width_bucket; every bound is exact in binary,
 * so a price compares the same here and in the database.
 */
export const PRICE_BOUNDS = Array.from({ length: 9 }, (_, i) => [1, 1.5, 2, 3, 5, 7].map((b) => b * 10 ** i))
  .flat()
  .concat(10 ** 9);

/** width_bucket(price, PRICE_BOUNDS): 0 below the first bound, i from the i-th bound on. */
export function priceBucket(price: number): number {
  let bucket = 0;
  while (bucket < PRICE_BOUNDS.length && price >= (PRICE_BOUNDS[bucket] as number)) bucket++;
  return bucket;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Whole weeks since 1970, as the index function counts them. */
export const weekOf = (date: Date) => Math.floor(date.getTime() / WEEK_MS);

/** Buckets a price range may span and still be narrowed in the index (wider: rows filter it). */
const MAX_PRICE_KEYS = 12;
/** Weeks a "created since" may span and still be narrowed in the index. */
const MAX_WEEK_KEYS = 26;

/** The price buckets of [min, max], when few enough to be worth reading from the index. */
function priceKeys(min: number | undefined, max: number | undefined): string[] | undefined {
  const from = priceBucket(min ?? 0);
  const to = max === undefined ? PRICE_BOUNDS.length : priceBucket(max);
  if (to - from + 1 > MAX_PRICE_KEYS) return undefined;
  return Array.from({ length: to - from + 1 }, (_, i) => `p${from + i}`);
}

/** The weeks from `since`'s (one before, for rounding) to next week's. */
function weekKeys(since: Date): string[] | undefined {
  const from = weekOf(since) - 1;
  const to = weekOf(new Date()) + 1;
  if (to - from + 1 > MAX_WEEK_KEYS) return undefined;
  return Array.from({ length: to - from + 1 }, (_, i) => `w${from + i}`);
}

/** The document ad_search's GIN index holds for a row; written exactly as the index expression. */
const document = sql`ad_search_document(${adSearch.adId}, ${adSearch.categoryId}, ${adSearch.price}, ${adSearch.createdAt})`;

/**
 * Every term (from searchTerms) with its word forms, a term that names categories also matching
 * their ads ('phones' finds every ad in Mobile Phones), and the chosen category's key.
 */
export function documentQuery(terms: string[], categoryMatches: number[][], categoryId?: number): SQL {
  const parts = terms.map((t, i) => {
    const words = sql`to_tsquery('simple', ${termGroup(t)})`;
    const ids = categoryMatches[i] ?? [];
    return ids.length ? sql`(${words} || ${categoryKeys(ids)})` : words;
  });
  if (categoryId !== undefined) parts.push(categoryKeys([categoryId]));
  return sql.join(parts, sql` && `);
}

export type TNarrowFilter = {
  terms: string[];
  categoryMatches: number[][];
  minPrice?: number;
  maxPrice?: number;
  /** Only ads created at or after this (a sort's threshold, see pageBound). */
  createdFrom?: Date;
};

/**
 * The public ads matching `filter` (and `categoryId` when given) in ad_search. A price range or
 * a creation threshold narrows the index lookup through the bucket keys when it spans few of
 * them; the rows' own columns then give the exact bounds.
 */
export function narrowWhere(filter: TNarrowFilter, categoryId?: number): SQL {
  let query = documentQuery(filter.terms, filter.categoryMatches, categoryId);
  const bounded = filter.minPrice !== undefined || filter.maxPrice !== undefined;
  const prices = bounded ? priceKeys(filter.minPrice, filter.maxPrice) : undefined;
  if (prices) query = sql`${query} && ${anyKey(prices)}`;
  const weeks = filter.createdFrom ? weekKeys(filter.createdFrom) : undefined;
  if (weeks) query = sql`${query} && ${anyKey(weeks)}`;
  const conditions: SQL[] = [
    sql`${document} @@ (${query})`,
    // The period's end is tested now, as publicAdFilter does: an ad leaves search when it expires.
    sql`${adSearch.expiresAt} > now()`,
  ];
  if (filter.minPrice !== undefined) conditions.push(gte(adSearch.price, String(filter.minPrice)));
  if (filter.maxPrice !== undefined) conditions.push(lte(adSearch.price, String(filter.maxPrice)));
  if (filter.createdFrom) conditions.push(gte(adSearch.createdAt, filter.createdFrom));
  return and(...conditions) as SQL;
}

/** A match as the counting pass collects it: enough to count, group and bound a sort. */
export type TMatch = { id: number; categoryId: number; price: number | string; createdAt: Date };

/**
 * A filter whose matches include the first `need` in `sort` order, found from `sample` (any of
 * the matches, e.g. the counting pass's): if the sample holds `need` matches at or past a price
 * or a creation time, the first `need` of all matches are there too. So a common word's page
 * is sorted from the few matches past that threshold, found in the index, not from all of them.
 * Undefined when the sample is too small to say.
 */
export function pageBound(filter: TNarrowFilter, sort: TPlainSort, sample: TMatch[], need: number) {
  if (need > sample.length) return undefined;
  if (sort === '') {
    const times = sample.map((m) => m.createdAt.getTime()).sort((a, b) => b - a);
    // A millisecond earlier: the database keeps microseconds, the sample's dates milliseconds.
    return { ...filter, createdFrom: new Date((times[need - 1] as number) - 1) };
  }
  const prices = sample.map((m) => Number(m.price)).sort((a, b) => a - b);
  if (sort === 'price-asc') {
    const max = prices[need - 1] as number;
    return { ...filter, maxPrice: Math.min(max, filter.maxPrice ?? max) };
  }
  const min = prices[prices.length - need] as number;
  return { ...filter, minPrice: Math.max(min, filter.minPrice ?? min) };
}

export type TPlainSort = Exclude<TAdSort, 'relevance'>;

/** The list's orders over ad_search, ties broken by id as over ads (pages never repeat an ad). */
const NARROW_ORDER: Record<TPlainSort, SQL[]> = {
  '': [desc(adSearch.createdAt), desc(adSearch.adId)],
  'price-asc': [asc(adSearch.price), asc(adSearch.adId)],
  'price-desc': [desc(adSearch.price), desc(adSearch.adId)],
};

/** One page of the matching ads' ids, sorted: every match's narrow row is read, none of ads'. */
export async function sortedIds(
  q: Db | Tx,
  where: SQL | undefined,
  sort: TPlainSort,
  limit: number,
  offset: number,
): Promise<number[]> {
  const rows = await q
    .select({ id: adSearch.adId })
    .from(adSearch)
    .where(where)
    .orderBy(...NARROW_ORDER[sort])
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}
