import { eq, sql } from 'drizzle-orm';
import { readDb } from '../../db/replicas.ts';
import { ads, users } from '../../db/schema/index.ts';
import { publicAdFilter } from '../ads/public-ad-filter.ts';
import { sellerSlug } from './seller-slug.ts';

/**
 * The seller pages for the sitemap: only sellers with at least one ad on offer now (the
 * public filter), each with the time of their latest change to one.
 */
export async function listSitemapSellers() {
  const rows = await readDb()
    .select({ id: users.id, name: users.name, lastmod: sql<string>`max(${ads.updatedAt})::text` })
    .from(ads)
    .innerJoin(users, eq(users.id, ads.userId))
    .where(publicAdFilter())
    .groupBy(users.id)
    .orderBy(users.id);
  return rows.map((r) => ({ path: `/seller/${sellerSlug(r)}`, lastmod: new Date(r.lastmod) }));
}
