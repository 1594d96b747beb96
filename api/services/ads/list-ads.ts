import { and, asc, desc, eq, gte, inArray, lte, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { NEAR_RADIUS_DEFAULT_KM } from '../../constants/places.ts';
import { connection, type Db, db, type Tx } from '../../db/client.ts';
import { ads, categories } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { pgErrorCode } from '../../lib/pg-error.ts';
import type { TAdSort } from '../../schemas/ad-query.ts';
import type { TNear } from '../../schemas/near.ts';
import { countAllAds } from '../categories/count-all-ads.ts';
import { listCategoriesCached } from '../categories/list-categories.ts';
import { resolveNear, withPlaces } from '../places/card-places.ts';
import { distanceSql, placesWithin, type TPoint } from '../places/geo.ts';
import { cardQuery, cardsJson, fromCardJson, idIn, type TCardRow, toAdCard } from './ad-cards.ts';
import {
  boundAt,
  categoryIdOf,
  FACTS_REF,
  narrowFacts,
  narrowWhere,
  sortedIdsQuery,
  summarizeMatches,
  type TPlainSort,
} from './narrow-search.ts';
import { publicAdFilter } from './public-ad-filter.ts';
import {
  SEARCH_TIMEOUT_MESSAGE,
  searchCountCap,
  searchSettings,
  searchTimeoutMs,
  searchWalkRows,
} from './search-settings.ts';
import { knownWordsQuery, parseKnownWords, suggestSearch } from './suggest-search.ts';
import { walkedMatches } from './walked-matches.ts';
import { termGroup } from './word-forms.ts';

export type TListAdsOptions = {
  page: number;
  limit: number;
  /** Free text from the search box. */
  search?: string;
  /** Category slug; '' means every category. */
  category?: string;
  sort?: TAdSort;
  minPrice?: number;
  maxPrice?: number;
  /** Only this seller's ads (the seller page). */
  sellerId?: number;
  /** Only ads within `radiusKm` (25 when not given) of this place or position, with their distance. */
  near?: TNear;
  radiusKm?: number;
  /**
   * Also count, per category, the ads matching the other filters (search, price): the filter
   * sidebar's numbers for the current search. Capped like the total.
   */
  withCategoryCounts?: boolean;
};

/** One category's matches for the current search; `capped`: at least `count` (counting stopped). */
export type TCategoryCount = { slug: string; count: number; capped: boolean };

/** Words kept from a search box; the rest of the input is punctuation to the parser anyway. */
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 64;

/**
 * The search box as tsquery terms: letters and digits only (so nothing the user types can
 * be tsquery syntax), lower-cased, the last word a prefix because the user is still typing.
 */
export function searchTerms(search: string | undefined): string[] {
  const words = (search ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w));
}

/**
 * All `terms` (from searchTerms) as one tsquery, each term matching any of its word forms
 * (word-forms.ts: 'bikes' finds 'bike'); also the admin list's filter. `keyed`: the form a
 * saved search stores (its first word a prefix of all it can match).
 */
export const tsquery = (terms: string[], options: { keyed?: boolean } = {}) =>
  sql`to_tsquery('simple', ${terms.map((t) => termGroup(t, options)).join(' & ')})`;

/** Any of `terms` with their forms, as one tsquery: ranking and category-name matching. */
const anyTermQuery = (terms: string[]) => sql`to_tsquery('simple', ${terms.map((t) => termGroup(t)).join(' | ')})`;

/**
 * A category's name as a search document: a search term that matches it matches every ad in
 * that category ('phones' finds 'Mobile Phones'). The saved-search matcher uses it too.
 */
export const categoryNameDocument = sql`to_tsvector('simple', ${categories.name})`;

/**
 * One small query over categories: the id of the chosen slug, and for each search term the
 * categories whose name matches it (so 'phones' finds every ad in 'Mobile Phones').
 */
async function categoryLookup(q: Db | Tx, slug: string, terms: string[], everyCategory = false) {
  if (!slug && terms.length === 0 && !everyCategory)
    return { selectedId: undefined, selectedCount: 0, matches: terms.map(() => [] as number[]), all: [] };
  const flags = terms.map((t) => sql`CASE WHEN ${categoryNameDocument} @@ ${tsquery([t])} THEN '1' ELSE '0' END`);
  const conditions: SQL[] = [];
  if (slug) conditions.push(eq(categories.slug, slug));
  if (terms.length) conditions.push(sql`${categoryNameDocument} @@ ${anyTermQuery(terms)}`);
  const rows = await q
    .select({
      id: categories.id,
      slug: categories.slug,
      adCount: categories.adCount,
      flags: flags.length ? sql<string>`(${sql.join(flags, sql` || `)})::text` : sql<string>`''`,
    })
    .from(categories)
    .where(everyCategory ? undefined : or(...conditions))
    .orderBy(categories.id);
  const selected = slug ? rows.find((r) => r.slug === slug) : undefined;
  return {
    selectedId: selected?.id,
    selectedCount: selected?.adCount ?? 0,
    matches: terms.map((_, i) => rows.filter((r) => r.flags[i] === '1').map((r) => r.id)),
    /** Every category (id order) when `everyCategory`: the sidebar's counts list them all. */
    all: everyCategory ? rows : [],
  };
}

/**
 * Full-text condition over the generated ads.search tsvector (GIN index). A term that is
 * also a category name matches either the ad's text or that category; terms that match no
 * category are combined into one tsquery so the common case is a single index lookup.
 */
function searchCondition(terms: string[], categoryMatches: number[][]): SQL {
  const plain = terms.filter((_, i) => categoryMatches[i].length === 0);
  const parts: SQL[] = [];
  if (plain.length) parts.push(sql`${ads.search} @@ ${tsquery(plain)}`);
  terms.forEach((t, i) => {
    const ids = categoryMatches[i];
    if (ids.length) parts.push(or(sql`${ads.search} @@ ${tsquery([t])}`, inArray(ads.categoryId, ids)) as SQL);
  });
  return and(...parts) as SQL;
}

/**
 * Newest first says NULLS LAST to match the indexes (created_at DESC NULLS LAST), so the
 * planner walks ads_created_idx / ads_category_created_idx instead of sorting every row;
 * id breaks ties so OFFSET pages never repeat or skip an ad.
 */
export const newestFirst = [sql`${ads.createdAt} desc nulls last`, desc(ads.id)];

/**
 * "Best match": ts_rank over the search document with the heading (weight A) counting ten
 * times a description word (C) and the location (B) in between; equal ranks newest first.
 * The query is the terms OR-ed, so a term that matched through a category name still ranks
 * the ads whose own text has it higher.
 */
const RANK_WEIGHTS = '{0.05, 0.1, 0.4, 1.0}';
function relevanceOrder(terms: string[], orderable: SQL): SQL[] {
  return [sql`ts_rank(${RANK_WEIGHTS}::float4[], ${ads.search}, ${anyTermQuery(terms)}) DESC`, orderable, desc(ads.id)];
}

const ORDER: Record<TPlainSort, SQL[]> = {
  '': newestFirst,
  'price-asc': [asc(ads.price), asc(ads.id)],
  'price-desc': [desc(ads.price), desc(ads.id)],
};

/** Newest first written so no index serves it (see ORDER_FROM_MATCHES); the admin list uses it too. */
export const newestFirstFromMatches = [sql`(${ads.createdAt} + interval '0 seconds') desc nulls last`, desc(ads.id)];

/**
 * The same orders written so no index can serve them. The planner misjudges selective
 * filters: a rare search term (full-text selectivity is a guess) or a price range that is
 * rare within a category (cheap vehicles: the columns are correlated) has it walk an order
 * index filtering row after row, up to every ad for a miss. With the count in hand, a
 * selective filter instead collects its matches through the GIN/btree bitmaps and sorts
 * just those.
 */
const ORDER_FROM_MATCHES: Record<TPlainSort, SQL[]> = {
  '': newestFirstFromMatches,
  'price-asc': [sql`(${ads.price} + 0) asc`, asc(ads.id)],
  'price-desc': [sql`(${ads.price} + 0) desc`, desc(ads.id)],
};
/** At most this many matches are sorted directly (a few ms); more are read in index order. */
export const SORT_MATCHES_UP_TO = 2_000;
/**
 * "Best match" over more matches than the count cap ranks the newest this many of them (or as
 * many as the page needs): ranking every match of a common word would read every one.
 */
export const RANK_NEWEST_UP_TO = 100;
/**
 * How long (ms) walking an order index may take before the matches are sorted instead
 * (PostgreSQL only): a walk is quick when matches are spread evenly along the order, but a
 * word whose ads all sit at one end of it (a car word sorted by lowest price passes every
 * cheaper ad of the other categories first) reads row after row.
 */
export const WALK_BUDGET_MS = 15;

/**
 * Runs a filtered list without search words (a price range, the seller page) with
 * searchSettings (PostgreSQL: SET LOCAL in one read transaction, which the order-index walk's
 * savepoint needs). A statement cancelled for taking too long (SQLSTATE
 * 57014) becomes a 503 with a plain message: the visitor gets an answer instead of waiting.
 */
async function withSearchTimeout<T>(run: (q: Db | Tx) => Promise<T>): Promise<T> {
  return answeringTimeout(async () => {
    if (connection().kind !== 'postgres') return await run(db());
    return await db().transaction(async (tx) => {
      const settings = Object.entries(searchSettings()).map(
        ([name, value]) => sql`set_config(${name}, ${value}, true)`,
      );
      await tx.execute(sql`SELECT ${sql.join(settings, sql`, `)}`);
      return run(tx);
    });
  });
}

/**
 * A text search's statements (PostgreSQL): on connections that start with searchSettings, so
 * no transaction is needed for them (three round trips fewer per
 * search), and with sequential scans off: every statement of a text search has the GIN
 * condition, but under a LIMIT the planner hoped to meet enough matches early in a scan of
 * ad_search and evaluated the document function row after row (180 ms for 'tea:*' at 1M
 * ads, against 15 ms through the index; docs/PERFORMANCE.md). Their plans are made once per
 * statement and connection (`force_generic_plan`, for the statements sent prepared:
 * db/prepared.ts and the page's `.prepare()`):
 * planning the counting statement cost more than running it at 100,000 ads (0.73 against
 * 0.63 ms), and none of its plans depends on a value the planner could use: the words reach
 * it as a subquery's result, the category as its partition, chosen while it runs.
 */
function withNarrowSearch<T>(run: (q: Db) => Promise<T>): Promise<T> {
  const conn = connection();
  if (conn.kind !== 'postgres' || !conn.withSettings) return answeringTimeout(() => run(conn.db));
  const q = conn.withSettings({ ...searchSettings(), enable_seqscan: 'off', plan_cache_mode: 'force_generic_plan' });
  return answeringTimeout(() => run(q));
}

/** A statement cancelled for taking too long (SQLSTATE 57014) answers 503 with a plain message. */
async function answeringTimeout<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (pgErrorCode(err) === '57014') {
      throw new AppError('UNAVAILABLE', SEARCH_TIMEOUT_MESSAGE, { headers: { 'Retry-After': '5' } });
    }
    throw err;
  }
}

/**
 * Test-only, never set outside tests: a condition added to every search's count (e.g. a
 * pg_sleep, or a function that raises 57014) to force the statement timeout; the walk past
 * the cap tried whatever the sample's density (`walkAlways`), to test it where pages are few;
 * and the walk considered, as the sample's density decides, in a catalogue of any size
 * (`walkAnySize`).
 */
export const searchTestHooks: { extraCondition?: SQL; walkAlways?: boolean; walkAnySize?: boolean } = {};

/**
 * Rows read by walking an order index (`walk`), or, when that takes longer than
 * WALK_BUDGET_MS, by collecting and sorting the matches (`sort`). On PostgreSQL the walk runs
 * in a savepoint with its own statement timeout; a cancelled walk is rolled back and the sort
 * runs under the search's own timeout. PGlite cannot interrupt a statement: it walks.
 */
async function walkOrSort<T>(q: Db | Tx, walk: (q: Db | Tx) => Promise<T>, sort: (q: Db | Tx) => Promise<T>) {
  const ms = searchTimeoutMs();
  if (connection().kind !== 'postgres' || ms === 0 || q === db()) return walk(q);
  try {
    return await (q as Tx).transaction(async (sp) => {
      await sp.execute(sql`SELECT set_config('statement_timeout', ${String(WALK_BUDGET_MS)}, true)`);
      const rows = await walk(sp);
      // SET LOCAL inside a savepoint outlives its release: back to the search's own limit.
      await sp.execute(sql`SELECT set_config('statement_timeout', ${String(ms)}, true)`);
      return rows;
    });
  } catch (err) {
    if (pgErrorCode(err) !== '57014') throw err;
    return sort(q);
  }
}

/**
 * Up to `upTo` matches of `where` over ads (id and category), in no order: the one pass that
 * counts a filter without search words (a price range, the seller page). Counting stops there
 * (a LIMIT). With no more matches than that, the pass holds every match and the page is
 * sorted from their ids. A text search counts over ad_search instead (summarizeMatches).
 */
async function collectMatches(q: Db | Tx, where: SQL | undefined, upTo: number) {
  return q.select({ id: ads.id, categoryId: ads.categoryId }).from(ads).where(where).limit(upTo);
}

/**
 * Per category, the collected matches of a search's other filters (collectMatches: at most
 * cap + 1): the filter sidebar's numbers, from the same pass that stops the total. When the
 * pass held every match (no more than the cap) the counts are exact; otherwise every count is
 * "at least" (`capped`). Counting each category on its own up to the cap instead read up to
 * cap + 1 rows per category and rebuilt the search's bitmap each time: 10.8 s at 1M ads for a
 * common prefix (docs/PERFORMANCE.md).
 */
function countByCategory(collected: { slug: string; n: number }[], full: boolean, cap: number): TCategoryCount[] {
  return collected.map(({ slug, n }) => ({ slug, count: Math.min(n, cap), capped: full || n > cap }));
}

/** A near search's `near` that names no place: 400 with this sentence. */
export const NEAR_UNKNOWN_PLACE = 'near names no place we know: choose one from /api/places, or give lat,lon.';

/**
 * Nearest first, from the ad's place (ads sit at their place), newest first among equals:
 * no index keeps this order, so the matches within the radius are sorted.
 */
const distanceOrder = (center: TPoint): SQL[] => [
  sql`(SELECT ${distanceSql(center)} FROM places WHERE places.id = ${ads.placeId}) ASC`,
  ...newestFirst,
];

/**
 * The public ad list: filters, sort and one page, plus the total for pagination. A filtered
 * total stops counting past SEARCH_COUNT_CAP (`totalCapped`); a search that finds nothing
 * carries a `suggestion` ("Did you mean …?") when a word of it is not in the catalogue. Each
 * card carries its `place`, and in a near search its `distance_km`.
 */
export async function listAds(options: TListAdsOptions) {
  const center = options.near ? await resolveNear(options.near) : undefined;
  if (options.near && !center) throw new AppError('BAD_REQUEST', NEAR_UNKNOWN_PLACE);
  const radiusKm = options.radiusKm ?? NEAR_RADIUS_DEFAULT_KM;
  const result = await listAdsAt(options, center ? { center, radiusKm } : undefined);
  const cards: ReturnType<typeof toAdCard<TCardRow>>[] = result.ads;
  return { ...result, ads: await withPlaces(cards, center ?? undefined) };
}

async function listAdsAt(options: TListAdsOptions, near: { center: TPoint; radiusKm: number } | undefined) {
  const { page, limit, sort = '', minPrice, maxPrice } = options;
  const terms = searchTerms(options.search);
  const slug = options.category ?? '';
  const empty = {
    ads: [],
    total: 0,
    totalPages: 0,
    totalCapped: false,
    page,
    limit,
    suggestion: null as string | null,
    categoryCounts: undefined as TCategoryCount[] | undefined,
  };

  // '%' and '_' are searched as the characters they are, never as wildcards matching every
  // ad: the index holds words, so no ad matches them alone. Other punctuation alone is no
  // search at all (the list as if nothing was typed), as it always was.
  if (terms.length === 0 && /[%_]/.test(options.search ?? '')) return empty;

  const filtered =
    terms.length > 0 ||
    minPrice !== undefined ||
    maxPrice !== undefined ||
    options.sellerId !== undefined ||
    near !== undefined;
  if (!filtered) return listUnfiltered(options, slug, empty);

  // A text search counts and sorts over the narrow ad_search (narrow-search.ts). The seller
  // page, a price range alone and a near search read ads, whose indexes keep the orders (a
  // near search: ads_place_idx for the places within its radius).
  if (terms.length > 0 && options.sellerId === undefined && near === undefined) {
    return withNarrowSearch((q) => listNarrow(q, options, terms, slug, empty));
  }
  return withSearchTimeout(async (q) => {
    const withCounts = options.withCategoryCounts === true;
    const lookup = await categoryLookup(q, slug, terms, withCounts);
    if (slug && lookup.selectedId === undefined) return empty;

    // Everything but the category: the sidebar counts every category for the same filters.
    const others: SQL[] = [];
    if (minPrice !== undefined) others.push(gte(ads.price, minPrice));
    if (maxPrice !== undefined) others.push(lte(ads.price, maxPrice));
    if (options.sellerId !== undefined) others.push(eq(ads.userId, options.sellerId));
    if (near) others.push(sql`${ads.placeId} IN ${placesWithin(near.center, near.radiusKm)}`);
    if (terms.length) others.push(searchCondition(terms, lookup.matches));
    // Only what the public may see (active or reserved, not past its time), always.
    const whereOthers = and(publicAdFilter(), ...others);
    const selected = lookup.selectedId;
    const where = selected !== undefined ? and(whereOthers, eq(ads.categoryId, selected)) : whereOthers;

    // One pass collects up to cap + 1 matches: of the other filters when the sidebar's category
    // counts are asked for (the chosen category's matches are among them), else of all of them.
    const cap = searchCountCap();
    const extra = searchTestHooks.extraCondition;
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

/**
 * A text search over ad_search (narrow-search.ts): one statement counts it (capped), per
 * category too, looks up the categories it names, and answers the page's cards when every
 * match was collected, or the threshold past which the page lies; past the cap one more reads
 * the page's cards (the page's ids found from that threshold as a subquery).
 */
async function listNarrow<T extends TListEmpty>(
  q: Db,
  options: TListAdsOptions,
  terms: string[],
  slug: string,
  empty: T,
) {
  const { page, limit, minPrice, maxPrice } = options;
  const sort = options.sort === 'distance' ? '' : (options.sort ?? '');
  const withCounts = options.withCategoryCounts === true;
  const selected = slug ? categoryIdOf(slug) : undefined;
  const filter = { terms, categoryKeys: terms.map(namedCategoryKeys), minPrice, maxPrice };
  const cap = searchCountCap();
  const offset = (page - 1) * limit;
  const relevance = sort === 'relevance';
  const key: TPlainSort = relevance ? '' : sort;
  // "Best match" over more matches than the cap ranks the newest of them only.
  const poolSize = Math.max(RANK_NEWEST_UP_TO, offset + limit);
  const need = relevance ? poolSize : offset + limit;
  // Newest first past the cap, a large catalogue's common word is walked (walked-matches.ts).
  const window = searchWalkRows();
  const walks =
    key === '' &&
    window > 0 &&
    (searchTestHooks.walkAlways === true ||
      searchTestHooks.walkAnySize === true ||
      (await catalogueSize()) >= WALK_FROM_ADS);
  const extra = searchTestHooks.extraCondition;
  const withHook = (where: SQL) => (extra ? (and(where, extra) as SQL) : where);
  // The statement works out the filter's index keys once (FACTS_REF), for every condition below.
  const inCategory = (id: SQL | undefined) => withHook(narrowWhere(filter, id, FACTS_REF.keys));
  const summary = await summarizeMatches(q, inCategory(selected), {
    upTo: cap + 1,
    facts: narrowFacts(filter),
    chosenId: selected,
    // The sidebar: every category's matches of the same words and prices.
    byCategory: withCounts ? inCategory : undefined,
    // A price order's threshold from the categories its first prices are likely in (summarizeMatches).
    priceSample: key !== '' && selected === undefined ? inCategory : undefined,
    sort: key,
    allIds: relevance,
    limit,
    offset,
    need,
    // Every match collected: the page's cards (Best match: ranked from every match).
    cards: (ids) =>
      relevance
        ? cardsJson(ids, relevanceOrder(terms, newestFirst[0] as SQL), limit, offset)
        : cardsJson(ids, ORDER[key], limit, 0),
    // Nothing found: which words the catalogue knows, for "Did you mean" on the first page
    // (asked on every page, so that all pages are one statement text).
    whenNone: knownWordsQuery(terms),
    // Past the cap, a common word's page walked in its order (narrow-search.ts).
    walk: walks
      ? {
          matches: walkedMatches({ filter, categoryId: selected, order: ORDER[key], window, need, extra }),
          window,
          always: searchTestHooks.walkAlways,
          inCategory: selected !== undefined,
        }
      : undefined,
  });
  if (slug && summary.chosenId === null) return empty;
  const categoryCounts = withCounts ? countByCategory(summary.categories, false, cap) : undefined;
  const counted = summary.scoped;
  const { total, totalPages, totalCapped } = totalsOf(counted, cap, limit);
  if (counted === 0 || (!totalCapped && offset >= total)) {
    const known = summary.none === undefined ? undefined : parseKnownWords(summary.none);
    const suggestion = counted === 0 && page === 1 ? await suggestSearch(q, terms, known) : null;
    return { ...empty, total, totalPages, totalCapped, suggestion, categoryCounts };
  }
  let rows: TCardRow[];
  if (!totalCapped || summary.walked) {
    // Every match was collected, or the walk found the page: the statement answered its cards.
    rows = summary.cards.map(fromCardJson);
  } else {
    // Past the cap the page lies past the sample's threshold, which the index finds through
    // its week or price keys; without one (a page past the sample) every match is sorted.
    const bound = summary.bound === undefined ? filter : boundAt(filter, key, summary.bound);
    const chosen = summary.chosenId ?? undefined;
    const pageIds = (n: number, from: number) => sortedIdsQuery(q, narrowWhere(bound, chosen), key, n, from);
    // Prepared, so that the search connections plan it once (db/prepared.ts).
    rows = relevance
      ? await rankedCards(q, terms, pageIds(poolSize, 0), limit, offset).prepare('search_page').execute()
      : await cardQuery(q, inArray(ads.id, pageIds(limit, offset)), ORDER_FROM_MATCHES[key], limit, 0)
          .prepare('search_page')
          .execute();
  }
  return { ...empty, ads: rows.map(toAdCard), total, totalPages, totalCapped, categoryCounts };
}
type TListEmpty = { page: number; limit: number };

/**
 * The index keys ('#c3 | #c7') of the categories whose name `term` matches, as a tsquery
 * expression worked out inside the search's statement (NULL when it names none). The
 * categories are read through their primary key (IS NOT NULL): sequential scans are off on
 * the search connections, and a disabled scan's cost would swamp every other choice the
 * planner makes for the statement (the page's cards then read every ad).
 */
const namedCategoryKeys = (term: string): SQL =>
  sql`(SELECT string_agg('''#c' || ${categories.id} || '''', ' | ')::tsquery FROM ${categories}
       WHERE ${categories.id} IS NOT NULL AND ${categoryNameDocument} @@ ${tsquery([term])})`;

/**
 * The catalogue size from which a search past the cap may walk newest first for its page. In a
 * smaller one a common word's bitmap is cheap (100,000 ads: the walk saved nothing), and planning
 * the walk is paid by every search (about 0.3 ms a statement).
 */
const WALK_FROM_ADS = 300_000;

/** The public ads in all (the categories' trigger-kept counts, cached a few seconds). */
async function catalogueSize() {
  return (await listCategoriesCached()).reduce((sum, c) => sum + c.count, 0);
}

/** The answer's total from `counted` matches counted up to cap + 1: past the cap, "at least". */
function totalsOf(counted: number, cap: number, limit: number) {
  const total = Math.min(counted, cap);
  return { total, totalPages: Math.ceil(total / limit), totalCapped: counted > cap };
}

/** The ads of `ids` (a list or a subquery) ranked by best match for `terms`, one page of them. */
function rankedCards(q: Db | Tx, terms: string[], ids: number[] | SQLWrapper, limit: number, offset: number) {
  return cardQuery(
    q,
    Array.isArray(ids) ? idIn(ads.id, ids) : inArray(ads.id, ids),
    relevanceOrder(terms, newestFirst[0] as SQL),
    limit,
    offset,
  );
}

/**
 * No filter, or a category alone: the total is the triggers' count of visible ads
 * (categories.ad_count), read in the same round as the page instead of counting rows.
 */
async function listUnfiltered<T extends { page: number; limit: number }>(
  options: TListAdsOptions,
  slug: string,
  empty: T,
) {
  const { page, limit } = options;
  const sort = options.sort === 'distance' ? '' : (options.sort ?? '');
  const lookup = await categoryLookup(db(), slug, []);
  if (slug && lookup.selectedId === undefined) return empty;
  const where =
    lookup.selectedId !== undefined ? and(publicAdFilter(), eq(ads.categoryId, lookup.selectedId)) : publicAdFilter();
  const [rows, total] = await Promise.all([
    cardQuery(db(), where, ORDER[sort === 'relevance' ? '' : sort], limit, (page - 1) * limit),
    lookup.selectedId !== undefined ? lookup.selectedCount : countAllAds(),
  ]);
  return { ...empty, ads: rows.map(toAdCard), total, totalPages: Math.ceil(total / limit) };
}
export type TAdListResult = Awaited<ReturnType<typeof listAds>>;
export type TAdCard = TAdListResult['ads'][number];
