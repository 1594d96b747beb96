import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { NEAR_RADIUS_DEFAULT_KM } from '../../constants/places.ts';
import type { Db } from '../../db/client.ts';
import { readDb } from '../../db/replicas.ts';
import { ads } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { TAdSort } from '../../schemas/ad-query.ts';
import type { TNear } from '../../schemas/near.ts';
import { cardQuery, cardsJson, fromCardJson, type TCardRow, toAdCard } from '../ads/ad-cards.ts';
import { publicAdFilter } from '../ads/public-ad-filter.ts';
import { countAllAds } from '../categories/count-all-ads.ts';
import { listCategoriesCached } from '../categories/list-categories.ts';
import { resolveNear, withDistance } from '../places/card-places.ts';
import { placeIdsWithin } from '../places/geo.ts';
import { listOverAds } from './list-over-ads.ts';
import {
  boundAt,
  categoryIdOf,
  FACTS_REF,
  narrowFacts,
  narrowWhere,
  sortedIdsQuery,
  type TPlainSort,
} from './narrow-search.ts';
import { nearestWalk } from './nearest-walk.ts';
import { distanceOrder, newestFirst, ORDER, ORDER_FROM_MATCHES, rankedCards, relevanceOrder } from './search-orders.ts';
import { type TSearchHooks, withNarrowSearch } from './search-run.ts';
import { searchCountCap, searchWalkRows } from './search-settings.ts';
import { categoryLookup, namedCategoryKeys, searchTerms } from './search-text.ts';
import {
  countByCategory,
  RANK_NEWEST_UP_TO,
  type TCategoryCount,
  type TListEmpty,
  type TNearScope,
  totalsOf,
} from './search-totals.ts';
import { knownWordsQuery, parseKnownWords, suggestSearch } from './suggest-search.ts';
import { summarizeMatches } from './summarize-matches.ts';
import { walkedMatches } from './walked-matches.ts';

// The public ad list (listAds). Its parts: the search box's words (search-text.ts), the orders
// (search-orders.ts), how statements run (search-run.ts), the narrow search table
// (narrow-search.ts, summarize-matches.ts, walked-matches.ts), the path over ads
// (list-over-ads.ts) and the suggestions (suggest-search.ts).

export { RANK_NEWEST_UP_TO, SORT_MATCHES_UP_TO, type TCategoryCount } from './search-totals.ts';

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

/** A near search's `near` that names no place: 400 with this sentence. */
export const NEAR_UNKNOWN_PLACE = 'near names no place we know: choose one from /api/places, or give lat,lon.';

/**
 * The public ad list: filters, sort and one page, plus the total for pagination. A filtered
 * total stops counting past SEARCH_COUNT_CAP (`totalCapped`); a search that finds nothing
 * carries a `suggestion` ("Did you mean …?") when a word of it is not in the catalogue. Each
 * card carries its `place`, and in a near search its `distance_km`. Only a test passes `hooks`
 * (TSearchHooks).
 */
export async function listAds(options: TListAdsOptions, hooks: TSearchHooks = {}) {
  const center = options.near ? await resolveNear(options.near) : undefined;
  if (options.near && !center) throw new AppError('BAD_REQUEST', NEAR_UNKNOWN_PLACE);
  const radiusKm = options.radiusKm ?? NEAR_RADIUS_DEFAULT_KM;
  const placeIds = center ? await placeIdsWithin(center, radiusKm) : [];
  const result = await listAdsAt(options, center ? { center, radiusKm, placeIds } : undefined, hooks);
  const cards: ReturnType<typeof toAdCard<TCardRow>>[] = result.ads;
  return { ...result, ads: cards.map((card) => withDistance(card, center ?? undefined)) };
}

async function listAdsAt(options: TListAdsOptions, near: TNearScope | undefined, hooks: TSearchHooks) {
  const { page, limit, minPrice, maxPrice } = options;
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

  // A text search counts and sorts over the narrow ad_search (narrow-search.ts), near a place
  // too (its places' index keys; nearest first past the cap walks the places, nearest-walk.ts).
  // The seller page, a price range alone and a near search without words read ads, whose
  // indexes keep the orders (a near search: ads_place_idx for the places within its radius).
  if (terms.length > 0 && options.sellerId === undefined) {
    return withNarrowSearch((q) => listNarrow(q, options, terms, slug, empty, near, hooks));
  }
  return listOverAds(options, terms, slug, empty, near, hooks);
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
  near: TNearScope | undefined,
  hooks: TSearchHooks,
) {
  const { page, limit, minPrice, maxPrice } = options;
  // Nearest first: the page sorted by distance from every match, when no more than the cap.
  const byDistance = options.sort === 'distance' && near ? distanceOrder(near.center) : undefined;
  const placeIds = near?.placeIds;
  const sort = options.sort === 'distance' ? '' : (options.sort ?? '');
  const withCounts = options.withCategoryCounts === true;
  const selected = slug ? categoryIdOf(slug) : undefined;
  const filter = { terms, categoryKeys: terms.map(namedCategoryKeys), minPrice, maxPrice, placeIds };
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
    (hooks.walkAlways === true || hooks.walkAnySize === true || (await catalogueSize()) >= WALK_FROM_ADS);
  const extra = hooks.extraCondition;
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
    allIds: relevance || byDistance !== undefined,
    limit,
    offset,
    need,
    // Every match collected: the page's cards (Best match or nearest first: from every match).
    cards: (ids) =>
      byDistance
        ? cardsJson(ids, byDistance, limit, offset)
        : relevance
          ? cardsJson(ids, relevanceOrder(terms, newestFirst[0] as SQL), limit, offset)
          : cardsJson(ids, ORDER[key], limit, 0),
    // Nothing found: which words the catalogue knows, for "Did you mean" on the first page
    // (asked on every page, so that all pages are one statement text).
    whenNone: knownWordsQuery(terms),
    // Past the cap, a common word's page walked in its order (narrow-search.ts).
    walk:
      walks && !byDistance
        ? {
            matches: walkedMatches({ filter, categoryId: selected, order: ORDER[key], window, need, extra }),
            window,
            always: hooks.walkAlways,
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
  if (byDistance && near && totalCapped) {
    // Nearest first past the cap: the places walked nearest first (nearest-walk.ts). Within the
    // cap, sorting the collected matches is cheaper: walking 150 places of a 200 km radius
    // probed each one's key in every partition (3 times the time at 1M ads).
    const chosen = summary.chosenId ?? undefined;
    rows = await nearestWalk(q, { filter, center: near.center, categoryId: chosen, limit, offset, extra });
  } else if (!totalCapped || summary.walked) {
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
  const lookup = await categoryLookup(readDb(), slug, []);
  if (slug && lookup.selectedId === undefined) return empty;
  const where =
    lookup.selectedId !== undefined ? and(publicAdFilter(), eq(ads.categoryId, lookup.selectedId)) : publicAdFilter();
  const [rows, total] = await Promise.all([
    cardQuery(readDb(), where, ORDER[sort === 'relevance' ? '' : sort], limit, (page - 1) * limit),
    lookup.selectedId !== undefined ? lookup.selectedCount : countAllAds(),
  ]);
  return { ...empty, ads: rows.map(toAdCard), total, totalPages: Math.ceil(total / limit) };
}
export type TAdListResult = Awaited<ReturnType<typeof listAds>>;
export type TAdCard = TAdListResult['ads'][number];
