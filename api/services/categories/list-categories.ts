import { asc } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { categories } from '../../db/schema/index.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';

/** Categories with their ad count (kept by triggers, never counted here), by name. */
export async function listCategories() {
  const rows = await db()
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      image: categories.image,
      count: categories.adCount,
    })
    .from(categories)
    .orderBy(asc(categories.name));
  return rows.map((r) => ({ ...r, image: r.image ?? '' }));
}
export type TCategory = Awaited<ReturnType<typeof listCategories>>[number];

// Header, footer and filters show the category list (with counts) on every page: a
// short per-process cache saves that query per request. Category writes drop it, so an
// admin sees their change at once; ad counts may lag by a few seconds.
const cache = ttlCache(5_000, listCategories);

export function listCategoriesCached() {
  return cache.get();
}

export function dropCategoryCache() {
  cache.drop();
}
