import { asc, count, eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { ads, categories } from '../../db/schema/index.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';

/** Categories with their derived ad count, by name. */
export async function listCategories() {
  const counts = db()
    .select({ categoryId: ads.categoryId, n: count().as('n') })
    .from(ads)
    .groupBy(ads.categoryId)
    .as('counts');
  const rows = await db()
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      image: categories.image,
      count: counts.n,
    })
    .from(categories)
    .leftJoin(counts, eq(counts.categoryId, categories.id))
    .orderBy(asc(categories.name));
  return rows.map((r) => ({ ...r, image: r.image ?? '', count: Number(r.count ?? 0) }));
}
export type TCategory = Awaited<ReturnType<typeof listCategories>>[number];

// Header, footer and filters show the category list (with counts) on every page: a
// short per-process cache keeps that from counting every ad per request. Category writes
// drop it, so an admin sees their change at once; ad counts may lag by a few seconds.
const cache = ttlCache(5_000, listCategories);

export function listCategoriesCached() {
  return cache.get();
}

export function dropCategoryCache() {
  cache.drop();
}
