import { and, eq, type SQL, sql } from 'drizzle-orm';
import { savedSearchHref } from '../../constants/saved-searches.ts';
import { type Db, db, type Tx } from '../../db/client.ts';
import { categories, savedSearches } from '../../db/schema/index.ts';

/**
 * The ads a search found since its owner last opened it (or since it was saved). Counted
 * from the matches table, whose (search, ad) key the subquery walks.
 */
// Written out with table names: a correlated subquery must say which table each column is of.
const newCount = sql<number>`(
  SELECT count(*)::int FROM saved_search_matches m
  WHERE m.saved_search_id = saved_searches.id
    AND m.matched_at > coalesce(saved_searches.last_viewed_at, saved_searches.created_at)
)`;

/** Saved searches as their owner sees them (ZSavedSearch), filtered by `where`, oldest first. */
export async function selectSavedSearches(where: SQL | undefined, q: Db | Tx = db()) {
  const rows = await q
    .select({
      id: savedSearches.id,
      name: savedSearches.name,
      search: savedSearches.search,
      category: sql<string>`coalesce(${categories.slug}, '')`,
      categoryName: sql<string>`coalesce(${categories.name}, '')`,
      minPrice: savedSearches.minPrice,
      maxPrice: savedSearches.maxPrice,
      sort: savedSearches.sort,
      near: savedSearches.near,
      radiusKm: savedSearches.radiusKm,
      frequency: savedSearches.frequency,
      newCount,
      lastViewedAt: savedSearches.lastViewedAt,
      createdAt: savedSearches.createdAt,
    })
    .from(savedSearches)
    .leftJoin(categories, eq(categories.id, savedSearches.categoryId))
    .where(where)
    .orderBy(savedSearches.id);
  return rows.map((r) => ({
    ...r,
    minPrice: r.minPrice === null ? null : Number(r.minPrice),
    maxPrice: r.maxPrice === null ? null : Number(r.maxPrice),
    newCount: Number(r.newCount),
    lastViewedAt: r.lastViewedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    href: savedSearchHref({ ...r, minPrice: r.minPrice, maxPrice: r.maxPrice }),
  }));
}
export type TSavedSearchView = Awaited<ReturnType<typeof selectSavedSearches>>[number];

/** One of the user's saved searches, or undefined when it is not theirs or does not exist. */
export async function findOwnSavedSearch(options: { userId: number; id: number; q?: Db | Tx }) {
  const [row] = await selectSavedSearches(
    and(eq(savedSearches.userId, options.userId), eq(savedSearches.id, options.id)),
    options.q,
  );
  return row;
}
