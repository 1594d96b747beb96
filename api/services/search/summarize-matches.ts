import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { adSearch, categories } from '../../db/schema/index.ts';
import { categoryPrice, FACTS_REF, type TPlainSort } from './narrow-search.ts';

// One statement that counts a text search over ad_search and answers its page or the threshold
// past which the page lies (narrow-search.ts holds the conditions it is given).

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
