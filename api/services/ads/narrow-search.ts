import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
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
};

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
  const words = documentQuery(filter.terms, filter.categoryKeys);
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
const categoryPrice = (end: 'min' | 'max') =>
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

/** What one pass over a search's matches tells (summarizeMatches). */
export type TMatchSummary = {
  /** Matches collected: at most `upTo`, so more than the cap means "at least". */
  scoped: number;
  /** Every category (id order) with its matches counted up to `upTo`, when asked for (`byCategory`). */
  categories: { id: number; slug: string; n: number }[];
  /** The chosen category's id (`chosenId`), null when no category has its slug. */
  chosenId?: number | null;
  /**
   * The page's cards as the database built them (`cards`), when every match of the scope was
   * collected or the walk found the page (`walked`); else none.
   */
  cards: unknown[];
  /** Past `upTo`, the walk found the page's matches: `cards` are the page. */
  walked: boolean;
  /** The `whenNone` expression's value, when the scope has no match at all. */
  none?: string;
  /**
   * The scope's `need`-th value in `sort` order (its date or its price): boundAt's threshold,
   * only when the scope reached `upTo` (a sample, not every match).
   */
  bound?: Date | number;
};

/**
 * The most rows of ad_search a table page can hold (8 kB over rows of about 60 bytes): the walk's
 * estimate of how many rows the collected matches came from never counts too few.
 */
const ROWS_PER_PAGE = 136;

/** The orders above, over the collected matches (columns id, price, created_at). */
const COLLECTED_ORDER: Record<TPlainSort, string> = {
  '': 'created_at DESC, id DESC',
  'price-asc': 'price ASC, id ASC',
  'price-desc': 'price DESC, id DESC',
};

/**
 * One statement collects up to `upTo` matches of `where` (a LIMIT, so counting a common word
 * stops early: ad_search is partitioned by category, and the partitions are read one after
 * another until enough are found) and answers from them what a search needs: the counts, and
 * either the page's cards (when the matches are all collected, or a walk found the page) or the
 * threshold past which the page lies (boundAt). With `byCategory` it also counts, up to `upTo`,
 * each category's matches of the other filters (the sidebar's counts), each from its own
 * partition. The counts and the threshold come back as numbers, not the collected rows; the
 * categories it needs are looked up in it too. So a search that finds no more than the cap is
 * this one statement.
 */
export async function summarizeMatches(
  q: Db | Tx,
  where: SQL,
  options: {
    upTo: number;
    /**
     * The filter's narrowFacts, worked out once at the head of the statement (the CTE `kq`):
     * `where` and the per-category conditions refer to them as FACTS_REF instead of each
     * repeating them (with the sidebar's counts the statement held them twice, three times for
     * a price order).
     */
    facts?: SQL;
    /** The chosen category's id (categoryIdOf), to tell an unknown slug from no matches. */
    chosenId?: SQL;
    /**
     * Every category's matches counted up to `upTo`: the search without its category, for a
     * category's id. Its rows are then what the search's own matches are taken from (`where` is
     * the same filter for the chosen category), so no partition is read twice.
     */
    byCategory?: (categoryId: SQL) => SQL;
    /**
     * Collect the `upTo` matches category by category (`where` for each category's id), the
     * categories in the order of their highest price (highest price first) or lowest (lowest
     * first), instead of in partition order: a price order's threshold (boundAt) holds from any
     * sample, but from the cheap categories first it let through nearly every match of a
     * common word.
     */
    priceSample?: (categoryId: SQL) => SQL;
    sort: TPlainSort;
    /** The cards get every id of the scope (a Best match ranks them itself), not the page's. */
    allIds: boolean;
    limit: number;
    offset: number;
    need: number;
    /** The page's cards as JSON text, from a subquery of ids (the page's, or all with allIds). */
    cards: (ids: SQL) => SQL;
    /** Text worked out only when the scope has no match (what a suggestion needs to know). */
    whenNone?: SQL;
    /**
     * Past `upTo`, the first `need` matches walked in their order (walkedMatches, over `window`
     * rows at most), tried when the collection's density says they lie within half the window
     * (or always, `always`); the page's cards then come from them. `inCategory`: the walk reads
     * the chosen category's ads only (its partition's density, not the whole table's).
     */
    walk?: { matches: SQL; window: number; always?: boolean; inCategory: boolean };
  },
): Promise<TMatchSummary> {
  const order = sql.raw(COLLECTED_ORDER[options.sort]);
  const { upTo, walk } = options;
  // Its place in the table too: a bitmap scan reads a partition's rows in the table's order, so
  // how far the collection went tells how common the matches are (the walk's estimate below).
  const columns = sql`${adSearch.adId} AS id, ${adSearch.categoryId} AS category_id, ${adSearch.price} AS price,
             ${adSearch.createdAt} AS created_at, ${adSearch}.ctid AS tid`;
  // A date as milliseconds since 1970 (with its microseconds as a fraction), a price as it is.
  const boundColumn = sql.raw(options.sort === '' ? '(extract(epoch FROM b.created_at) * 1000)::float8' : 'b.price');
  const ids = (from: SQL) =>
    options.allIds
      ? sql`SELECT id FROM ${from}`
      : sql`SELECT id FROM (SELECT id, price, created_at FROM ${from} ORDER BY ${order}
            LIMIT ${options.limit} OFFSET ${options.offset}) p`;
  // Each answer is worked out only when it is used: the cards when every match was collected,
  // the threshold when not (a subplan in a CASE branch not taken never runs).
  const scoped = sql`(SELECT n FROM mn)`;
  const complete = sql`${scoped} < ${upTo}`;
  // The walk: the matches were collected from the partitions of the categories before the last
  // one's (in id order, as they are read; their ads are counted by the triggers) and from the
  // first (last page + 1) pages of that one's, each holding at most ROWS_PER_PAGE rows. So about
  // need × that / collected rows of the order hold its first `need` matches. Tried when that is
  // within half the window; it counts only when it found them all.
  const lastCategory = sql`(SELECT max(category_id) FROM m)`;
  const lastPage = sql`((SELECT max(tid) FROM m WHERE category_id = ${lastCategory})::text::point)[0]`;
  const before = walk?.inCategory
    ? sql`0`
    : sql`(SELECT coalesce(sum(${categories.adCount}), 0) FROM ${categories}
           WHERE ${categories.id} IS NOT NULL AND ${categories.id} < ${lastCategory})`;
  // That estimate assumes the categories not read hold the word as densely as those read. A
  // word of a few categories read after one that hardly holds it (`included`, 36% of Electronics'
  // ads, after one match in the category before) looked sparse, and its page was found the slow
  // way. So a walk is also tried when the last category's own density, diluted over the whole
  // catalogue as if no other category held the word, still puts the page within the window.
  const window = walk?.window ?? 0;
  const lastRows = sql`((${lastPage} + 1) * ${ROWS_PER_PAGE})`;
  const dense = walk?.inCategory
    ? sql`false`
    : sql`${options.need}::float8 * (SELECT sum(${categories.adCount}) FROM ${categories} WHERE ${categories.id} IS NOT NULL)
            * ${lastRows} <= ${window}::float8 * (SELECT count(*) FROM m WHERE category_id = ${lastCategory})
            * (SELECT ${categories.adCount} FROM ${categories} WHERE ${categories.id} = ${lastCategory})`;
  const walkable = walk?.always
    ? sql`NOT ${complete}`
    : sql`NOT ${complete} AND (${options.need} * (${before} + ${lastRows}) <= ${scoped} * ${window}::float8 / 2 OR ${dense})`;
  // Whether the walk found the page, worked out once (wk) for the three answers that ask.
  const walked = walk ? sql`(SELECT ok FROM wk)` : sql`false`;
  const walkCte = walk
    ? sql`,\n    w AS MATERIALIZED (${walk.matches}),
    wk AS MATERIALIZED (SELECT CASE WHEN ${walkable} THEN (SELECT count(*) FROM w) >= ${options.need} ELSE false END AS ok)`
    : sql``;
  // The page's ids: from the collected matches when they are all there, else from the walk.
  const cardIds = walk
    ? sql`${ids(sql`m`)} WHERE ${complete} UNION ALL ${ids(sql`w`)} WHERE NOT ${complete}`
    : ids(sql`m`);
  // A category with no ad in the price range has no match: its partition is not read.
  const inReach = options.facts ? sql`k.id = ANY(${FACTS_REF.reach}::int[])` : sql`true`;
  // The partitions are read in category order, so the first `upTo` matches come from the first
  // categories that hold them: the threshold of a date, which has nothing to do with the
  // category, is as tight from them as from any; for a price the categories are read from the
  // most expensive (or cheapest) on. Each category's extreme price is one lookup in ads'
  // (category_id, price) index. Sampling up to `upTo` in every category instead read a common
  // word's bitmap in all eight partitions: 90 ms at 1M ads for `for`, highest price first.
  const extreme = categoryPrice(options.sort === 'price-desc' ? 'max' : 'min');
  const direction = sql.raw(options.sort === 'price-desc' ? 'DESC NULLS LAST' : 'ASC NULLS LAST');
  const categoryOrder = options.priceSample ? sql`${extreme} ${direction}, k.id` : sql`k.id`;
  // Up to `upTo` matches of each category in reach, one after another in that order.
  const eachCategory = (where: (categoryId: SQL) => SQL) =>
    sql`SELECT x.* FROM (SELECT k.id FROM ${categories} k WHERE k.id IS NOT NULL AND ${inReach}
            ORDER BY ${categoryOrder} OFFSET 0) k,
          LATERAL (SELECT ${columns} FROM ${adSearch} WHERE ${where(sql`k.id`)} LIMIT ${upTo}) x`;
  // With the sidebar's counts (`byCategory`) every category's matches are collected up to the
  // cap (mc), and the search's own are the chosen category's, or the first `upTo` of them all:
  // the same rows a scan of the partitions in order gives, without reading any partition twice
  // (counting the categories on their own after the search's scan read its first partitions
  // again). Otherwise the search's matches alone, in partition order or a price order's.
  const { byCategory } = options;
  const perCategory = byCategory
    ? sql`(SELECT coalesce(json_agg(json_build_object('id', k.id, 'slug', k.slug,
             'n', coalesce((SELECT n FROM mg WHERE category_id = k.id), 0)) ORDER BY k.id), '[]')::text
           FROM ${categories} k WHERE k.id IS NOT NULL)`
    : sql`'[]'`;
  const counted = byCategory
    ? sql`mc AS MATERIALIZED (${eachCategory(byCategory)}),
    mg AS MATERIALIZED (SELECT category_id, count(*) AS n FROM mc GROUP BY category_id),
    `
    : sql``;
  const collect = byCategory
    ? options.chosenId
      ? sql`SELECT * FROM mc WHERE category_id = ${options.chosenId}`
      : sql`SELECT * FROM mc LIMIT ${upTo}`
    : options.priceSample
      ? sql`${eachCategory(options.priceSample)} LIMIT ${upTo}`
      : sql`SELECT ${columns} FROM ${adSearch} WHERE ${where} LIMIT ${upTo}`;
  const keys = options.facts ? sql`kq AS MATERIALIZED (SELECT * FROM ${options.facts} f),\n    ` : sql``;
  const statement = sql`
    WITH ${keys}${counted}m AS MATERIALIZED (${collect}),
    mn AS MATERIALIZED (SELECT count(*) AS n FROM m)${walkCte}
    SELECT ${scoped}::int AS scoped,
           ${options.chosenId ?? sql`NULL`}::int AS chosen_id,
           ${perCategory} AS categories,
           CASE WHEN ${complete} OR ${walked} THEN ${options.cards(cardIds)} END AS cards,
           CASE WHEN ${complete} THEN false ELSE ${walked} END AS walked,
           ${options.whenNone ? sql`CASE WHEN ${scoped} = 0 THEN ${options.whenNone} END` : sql`NULL`}::text AS none,
           CASE WHEN NOT ${complete} AND NOT ${walked} THEN (SELECT ${boundColumn} FROM
             (SELECT price, created_at FROM m ORDER BY ${order} OFFSET ${Math.max(0, options.need - 1)} LIMIT 1) b)
           END::text AS bound
  `;
  const [row] = (await executePrepared<TSummaryRow>(q, statement)) as [TSummaryRow];
  const bound =
    row.bound === null || options.need < 1
      ? undefined
      : options.sort === ''
        ? new Date(Number(row.bound))
        : Number(row.bound);
  return {
    scoped: row.scoped,
    categories: JSON.parse(row.categories),
    chosenId: options.chosenId ? row.chosen_id : undefined,
    cards: row.cards === null ? [] : JSON.parse(row.cards),
    walked: row.walked,
    none: row.none ?? undefined,
    bound,
  };
}
type TSummaryRow = {
  scoped: number;
  chosen_id: number | null;
  categories: string;
  cards: string | null;
  walked: boolean;
  none: string | null;
  bound: string | null;
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
