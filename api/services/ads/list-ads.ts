import { and, asc, count, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { ads, categories } from '../../db/schema/index.ts';
import type { TAdSort } from '../../schemas/ad-query.ts';
import { countAllAds } from '../categories/count-all-ads.ts';

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
};

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

/** All `terms` (from searchTerms) as one tsquery; also the admin list's filter. */
export const tsquery = (terms: string[]) => sql`to_tsquery('simple', ${terms.join(' & ')})`;

/**
 * One small query over categories: the id of the chosen slug, and for each search term the
 * categories whose name matches it (so 'phones' finds every ad in 'Mobile Phones').
 */
async function categoryLookup(slug: string, terms: string[]) {
  if (!slug && terms.length === 0)
    return { selectedId: undefined, selectedCount: 0, matches: terms.map(() => [] as number[]) };
  const flags = terms.map(
    (t) => sql`CASE WHEN to_tsvector('simple', ${categories.name}) @@ ${tsquery([t])} THEN '1' ELSE '0' END`,
  );
  const conditions: SQL[] = [];
  if (slug) conditions.push(eq(categories.slug, slug));
  if (terms.length)
    conditions.push(sql`to_tsvector('simple', ${categories.name}) @@ to_tsquery('simple', ${terms.join(' | ')})`);
  const rows = await db()
    .select({
      id: categories.id,
      slug: categories.slug,
      adCount: categories.adCount,
      flags: flags.length ? sql<string>`(${sql.join(flags, sql` || `)})::text` : sql<string>`''`,
    })
    .from(categories)
    .where(or(...conditions));
  const selected = slug ? rows.find((r) => r.slug === slug) : undefined;
  return {
    selectedId: selected?.id,
    selectedCount: selected?.adCount ?? 0,
    matches: terms.map((_, i) => rows.filter((r) => r.flags[i] === '1').map((r) => r.id)),
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

const ORDER: Record<TAdSort, SQL[]> = {
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
const ORDER_FROM_MATCHES: Record<TAdSort, SQL[]> = {
  '': newestFirstFromMatches,
  'price-asc': [sql`(${ads.price} + 0) asc`, asc(ads.id)],
  'price-desc': [sql`(${ads.price} + 0) desc`, desc(ads.id)],
};
/** At most this many matches are sorted directly (a few ms); more are read in index order. */
export const SORT_MATCHES_UP_TO = 2_000;

/** The public ad list: filters, sort and one page, plus the total for pagination. */
export async function listAds(options: TListAdsOptions) {
  const { page, limit, sort = '', minPrice, maxPrice } = options;
  const terms = searchTerms(options.search);
  const slug = options.category ?? '';
  const empty = { ads: [], total: 0, totalPages: 0, page, limit };
  const lookup = await categoryLookup(slug, terms);
  if (slug && lookup.selectedId === undefined) return empty;

  const conditions: SQL[] = [];
  if (lookup.selectedId !== undefined) conditions.push(eq(ads.categoryId, lookup.selectedId));
  if (minPrice !== undefined) conditions.push(gte(ads.price, minPrice));
  if (maxPrice !== undefined) conditions.push(lte(ads.price, maxPrice));
  if (terms.length) conditions.push(searchCondition(terms, lookup.matches));
  const where = conditions.length ? and(...conditions) : undefined;

  const countQuery = () => db().select({ n: count() }).from(ads).where(where);
  const pageQuery = (order: SQL[]) =>
    db()
      .select({
        id: ads.id,
        slug: ads.slug,
        heading: ads.heading,
        description: ads.description,
        price: ads.price,
        category: categories.name,
        category_slug: categories.slug,
        location: ads.location,
        image: ads.image,
        make_as_featured: ads.makeAsFeatured,
        rating: ads.rating,
        created_at: ads.createdAt,
      })
      .from(ads)
      .innerJoin(categories, eq(categories.id, ads.categoryId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit);

  let total: number;
  let rows: Awaited<ReturnType<typeof pageQuery>>;
  if (!where || (conditions.length === 1 && lookup.selectedId !== undefined)) {
    // No filter, or a category alone: the total is the triggers' count (categories.ad_count),
    // read in the same round as the page instead of counting rows.
    const [r, all] = await Promise.all([pageQuery(ORDER[sort]), where ? lookup.selectedCount : countAllAds()]);
    rows = r;
    total = all;
  } else {
    // Filtered: count first. It picks the plan for the page, and a miss needs no second query.
    total = Number((await countQuery())[0]?.n ?? 0);
    if (total === 0 || (page - 1) * limit >= total) return { ...empty, total, totalPages: Math.ceil(total / limit) };
    rows = await pageQuery(total <= SORT_MATCHES_UP_TO ? ORDER_FROM_MATCHES[sort] : ORDER[sort]);
  }
  return {
    ads: rows.map((r) => ({ ...r, price: Number(r.price), image: r.image ?? '' })),
    total,
    totalPages: Math.ceil(total / limit),
    page,
    limit,
  };
}
export type TAdListResult = Awaited<ReturnType<typeof listAds>>;
export type TAdCard = TAdListResult['ads'][number];
