import { asc, count, eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { ads, users } from '../../db/schema/index.ts';

/**
 * The users who have posted at least one ad (any state), by name, with how many: the choices
 * of the admin Advertisements table's Seller filter (GET /api/ads?seller=<id>).
 */
export async function listAdSellers() {
  const rows = await db()
    .select({ id: users.id, name: users.name, email: users.email, ads: count(ads.id) })
    .from(users)
    .innerJoin(ads, eq(ads.userId, users.id))
    .groupBy(users.id)
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => ({ ...r, ads: Number(r.ads) }));
}
