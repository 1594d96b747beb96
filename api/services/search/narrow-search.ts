import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { adSearch, ads, categories } from '../../db/schema/index.ts';
import type { TAdSort } from '../../schemas/ad-query.ts';
import { termGroup } from './word-forms.ts';

/**
 * A search over the narrow table ad_search (api/db/schema/search.ts): the same matches as the
 * public filter over ads, read from rows of a few fixed-width columns. Its GIN index holds each
 * ad's search document plus a key for its category ('#c<id>'), so the text and the category
 * are one index lookup, and counting or sorting a common word's matches reads pages that stay
 * in memory instead of the wide ads rows.
 */

/** Index keys ('#w3', …) as the text of one tsquery matching any (cast, not parsed: the parser drops '#'). */
const anyKeyText = (keys: string[]) => keys.map((k) => `'#${k}'`).join(' | ');

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
const MAX_PRICE_KEYS = 6;
/** Weeks a "created since" may span and still be narrowed in the index. */
const MAX_WEEK_KEYS = 26;

/** PRICE_BOUNDS as the index function's array (drizzle/0016_ad_search.sql). */
const BOUNDS_ARRAY = sql.raw(`'{${PRICE_BOUNDS.join(',')}}'::numeric[]`);

/**
 * The weeks from `since`'s to next week's (an ad stamped by a database clock a little ahead). The
 * index function counts a week as weekOf does (whole weeks of seconds since 1970), so an ad created
 * at or after `since` is in `since`'s week or a later one: no week before it is needed.
 */
function weekKeys(since: Date): string[] | undefined {
  const from = weekOf(since);
  const to = weekOf(new Date()) + 1;
  if (to - from + 1 > MAX_WEEK_KEYS) return undefined;
  return Array.from({ length: to - from + 1 }, (_, i) => `w${from + i}`);
}

/** The document ad_search's GIN index holds for a row; written exactly as the index expression. */
const document = sql`ad_search_document(${adSearch.adId}, ${adSearch.categoryId}, ${adSearch.price}, ${adSearch.createdAt})`;

/**
 * The chosen category's id, looked up inside the statement that uses it (NULL when no category
 * has `slug`, which then matches nothing): a search spends no round trip of its own on it.
 */
export const categoryIdOf = (slug: string) =>
  sql`(SELECT ${categories.id} FROM ${categories} WHERE ${categories.slug} = ${slug})`;

/**
 * Every term (from searchTerms) with its word forms, a term that names categories also matching
 * their ads ('phones' finds every ad in Mobile Phones: `categoryKeys[i]`, a tsquery expression
 * of the keys of the categories term i names, NULL when it names none).
 */
export function documentQuery(terms: string[], categoryKeys: SQL[]): SQL {
  const parts = terms.map((t, i) => {
    const words = sql`to_tsquery('simple', ${termGroup(t)})`;
    const keys = categoryKeys[i];
    return keys ? sql`coalesce(${words} || ${keys}, ${words})` : words;
  });
  return sql.join(parts, sql` && `);
}

export type TNarrowFilter = {
  terms: string[];
  /** Per term, the keys of the categories it names, or NULL (documentQuery). */
  categoryKeys: SQL[];
  minPrice?: number;
  maxPrice?: number;
  /** Only ads created at or after this (a sort's threshold, see boundAt). */
  createdFrom?: Date;
  /** Only ads at one of these places: a near search's places within its radius (placeIdsWithin). */
  placeIds?: number[];
};

/**
 * A filter's whole index query: its words (documentQuery) and, in a near search, any of its
 * places' keys ('#l<id>', drizzle/0035), which the index tests with the words. Only the places
 * that hold an ad at all become keys (one probe of ads_place_idx each): of the 300 places within
 * 200 km of Dallas, 41 have ads at 100,000 ads, and every key is a lookup in each partition's
 * index. The places are a parameter that is NULL without a near search: one statement text with
 * or without one. No place with an ad within the radius: a key no row has.
 */
export function filterQuery(filter: TNarrowFilter): SQL {
  const words = documentQuery(filter.terms, filter.categoryKeys);
  const ids = filter.placeIds === undefined ? null : `{${filter.placeIds.join(',')}}`;
  const places = sql`CASE WHEN ${ids}::int[] IS NOT NULL THEN
      (SELECT coalesce(string_agg('''#l' || p.id || '''', ' | '), '''#none''')::tsquery
       FROM unnest(${ids}::int[]) AS p(id)
       WHERE EXISTS (SELECT FROM ${ads} WHERE ${ads.placeId} = p.id)) END`;
  return sql`coalesce(${words} && ${places}, ${words})`;
}

/**
 * What a search's conditions need worked out once per statement (an InitPlan), in one row:
 * `query`, the index keys a row's document must match for `filter` (the words, q, narrowed by
 * whichever of the price, p, and week, w, keys exist), and `reach`, the ids of the categories
 * with an ad in the price range (priceFacts). A category outside it has no match, so the
 * sidebar's count skips its partition (summarizeMatches) and a price order's sample never reads
 * it; the rows themselves need no such test, their price conditions already leave those
 * categories' ads out (tested on every row, it cost 8% of a common word's sidebar counts at
 * 100,000 ads). As index keys instead ('#c1' | '#c2' | …) every partition's index lookup tested
 * them for each match: 2–3 ms more a partition for `modern` with a price range at 1M ads. When
 * no category reaches the range, the query holds a key no row has, and every partition's lookup
 * finds nothing at once. OFFSET 0 keeps the subquery whole, so each part is worked out once.
 * `categoryId`: the search's chosen category, whose own prices then bound the price keys; never
 * for a statement that also counts the other categories (the sidebar's counts refer to the same
 * keys).
 */
export function narrowFacts(filter: TNarrowFilter, categoryId?: number | SQL): SQL {
  const words = filterQuery(filter);
  const weeks = filter.createdFrom ? weekKeys(filter.createdFrom) : undefined;
  // The price and week keys, each NULL when there are none (or too many to be worth it): a
  // search with or without a price range, or past the cap with a threshold, is the same
  // statement text. The search connections plan each text once per connection
  // (db/prepared.ts), and the bench's home page mix made 232 texts of ~400 possible shapes,
  // most of them planned afresh (40% of PostgreSQL's time was planning).
  const weekKeysQuery = sql`${weeks ? anyKeyText(weeks) : null}::tsquery`;
  return sql`(SELECT coalesce(q && coalesce(p && w, p, w), q) AS query, reach
              FROM (SELECT ${words} AS q, r.p, ${weekKeysQuery} AS w, r.reach
                    FROM ${priceFacts(filter.minPrice, filter.maxPrice, categoryId)} r OFFSET 0) s)`;
}

/**
 * The price keys (`p`: the buckets a price range spans within the prices of the categories that
 * reach it, NULL without a bound or when more than MAX_PRICE_KEYS, a key no row has when no
 * category reaches it) and the categories a search may find anything in (`reach`: every
 * category without a bound, else those with an ad in the range; with `categoryId`, the page
 * statement of a chosen category, that one only). Each
 * category's lowest and highest price is one lookup at each end of ads' (category_id, price)
 * index, only with a bound; every ad_search row mirrors an ad's price.
 *
 * The buckets end where the categories' prices do: a page past the cap highest price first is
 * bounded below by the sample's threshold only, which up to the dearest price of the whole
 * catalogue (a house) spanned every bucket above it, so electronics' matches of a common word
 * were read whole and filtered row by row (70,000 rows, 42 ms at 1M ads), where electronics' own
 * prices end a bucket above the threshold.
 */
function priceFacts(min: number | undefined, max: number | undefined, categoryId: number | SQL | undefined): SQL {
  const low = min === undefined ? null : String(min);
  const high = max === undefined ? null : String(max);
  const bounded = min !== undefined || max !== undefined;
  const from = priceBucket(min ?? 0);
  const to = max === undefined ? PRICE_BOUNDS.length : priceBucket(max);
  const only = categoryId === undefined ? null : categoryId;
  const price = (end: 'min' | 'max') => sql`CASE WHEN ${bounded}::boolean THEN ${categoryPrice(end)} END`;
  // No category reaches the range: a key no row has, so every partition's index answers at once.
  return sql`(SELECT CASE WHEN NOT ${bounded}::boolean THEN NULL
                  WHEN count(*) = 0 THEN '''#none'''::tsquery
                  WHEN max(e.hi) - min(e.lo) < ${MAX_PRICE_KEYS}
                  THEN (SELECT string_agg('''#p' || b || '''', ' | ') FROM generate_series(min(e.lo), max(e.hi)) b)::tsquery
                END AS p,
                coalesce(array_agg(e.id), '{}')::int[] AS reach
     FROM (SELECT k.id, greatest(${from}::int, width_bucket(k.lowest, ${BOUNDS_ARRAY})) AS lo,
                  least(${to}::int, width_bucket(k.highest, ${BOUNDS_ARRAY})) AS hi
           FROM (SELECT k.id, ${price('min')} AS lowest, ${price('max')} AS highest
                 FROM ${categories} k WHERE k.id IS NOT NULL AND (${only}::int IS NULL OR k.id = ${only}::int)) k
           WHERE (${low}::numeric IS NULL OR k.highest >= ${low}::numeric)
             AND (${high}::numeric IS NULL OR k.lowest <= ${high}::numeric)) e
     WHERE e.lo <= e.hi)`;
}

/**
 * The highest or lowest price of any ad of the category `k` (the alias of a categories row in
 * the statement): one lookup at one end of ads' (category_id, price) index. Every ad_search
 * row mirrors an ad's price, so no public ad of the category lies beyond it.
 */
export const categoryPrice = (end: 'min' | 'max') =>
  sql`(SELECT ${sql.raw(end)}(${ads.price}) FROM ${ads} WHERE ${ads.categoryId} = k.id)`;

/** The index keys of narrowFacts worked out where they are used (a subquery of their own). */
const inlineKeys = (facts: SQL): SQL => sql`(SELECT f.query FROM ${facts} f)`;

/**
 * summarizeMatches' `facts`, as its conditions refer to them (the CTE `kq`): the index keys, and
 * the categories with an ad in the price range.
 */
export const FACTS_REF = { keys: sql`(SELECT query FROM kq)`, reach: sql`(SELECT reach FROM kq)` };

/**
 * The public ads matching `filter` (and `categoryId` when given) in ad_search. A price range or
 * a creation threshold narrows the index lookup through the bucket keys when it spans few of
 * them; the rows' own columns then give the exact bounds. The category is its partition
 * (drizzle/0019), chosen while the statement runs when the id is an expression. `keys`: the
 * filter's index keys (narrowFacts), or a reference to them worked out once elsewhere in the
 * statement (summarizeMatches' `facts`, FACTS_REF.keys), so that every category's count does not
 * repeat them.
 */
export function narrowWhere(
  filter: TNarrowFilter,
  categoryId?: number | SQL,
  keys: SQL = inlineKeys(narrowFacts(filter, categoryId)),
): SQL {
  // Every bound a parameter that may be NULL, as the keys are (narrowFacts): one statement text.
  const min = filter.minPrice === undefined ? null : String(filter.minPrice);
  const max = filter.maxPrice === undefined ? null : String(filter.maxPrice);
  const from = filter.createdFrom ? filter.createdFrom.toISOString() : null;
  const conditions: SQL[] = [
    sql`${document} @@ ${keys}`,
    // The period's end is tested now, as publicAdFilter does: an ad leaves search when it expires.
    sql`${adSearch.expiresAt} > now()`,
    sql`(${min}::numeric IS NULL OR ${adSearch.price} >= ${min}::numeric)`,
    sql`(${max}::numeric IS NULL OR ${adSearch.price} <= ${max}::numeric)`,
    sql`(${from}::timestamptz IS NULL OR ${adSearch.createdAt} >= ${from}::timestamptz)`,
  ];
  if (categoryId !== undefined) conditions.push(eq(adSearch.categoryId, categoryId));
  return and(...conditions) as SQL;
}

/**
 * A filter whose matches include the first `need` in `sort` order, from a sample of the
 * matches (the counting statement's, summarizeMatches) whose `need`-th in that order is `at`
 * (its date for newest first, its price otherwise): if the sample holds `need` matches at or
 * past a price or a creation time, the first `need` of all matches are there too. So a common
 * word's page is sorted from the few matches past that threshold, found in the index, not from
 * all of them.
 */
export function boundAt(filter: TNarrowFilter, sort: TPlainSort, at: Date | number): TNarrowFilter {
  // A millisecond earlier: the database keeps microseconds, a Date milliseconds.
  if (sort === '') return { ...filter, createdFrom: new Date(new Date(at).getTime() - 1) };
  const price = Number(at);
  if (sort === 'price-asc') return { ...filter, maxPrice: Math.min(price, filter.maxPrice ?? price) };
  return { ...filter, minPrice: Math.max(price, filter.minPrice ?? price) };
}

/** The orders an index keeps (a near search's distance order is list-ads.ts's own). */
export type TPlainSort = Exclude<TAdSort, 'relevance' | 'distance'>;

/** The list's orders over ad_search, ties broken by id as over ads (pages never repeat an ad). */
const NARROW_ORDER: Record<TPlainSort, SQL[]> = {
  '': [desc(adSearch.createdAt), desc(adSearch.adId)],
  'price-asc': [asc(adSearch.price), asc(adSearch.adId)],
  'price-desc': [desc(adSearch.price), desc(adSearch.adId)],
};

/** One page of the matching ads' ids, sorted (a subquery of the statement that reads the cards). */
export function sortedIdsQuery(q: Db | Tx, where: SQL | undefined, sort: TPlainSort, limit: number, offset: number) {
  return q
    .select({ id: adSearch.adId })
    .from(adSearch)
    .where(where)
    .orderBy(...NARROW_ORDER[sort])
    .limit(limit)
    .offset(offset);
}
