import { desc, eq } from 'drizzle-orm';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { ads, categories } from '../../db/schema/index.ts';
import { adColumns, type TAdRow, toAdRecord } from './ad-record.ts';

/**
 * GET /api/ads, the admin 'Advertisements' list: every ad for an admin, only their own for
 * a customer; newest first (the table sorts and filters on the client, SPEC.md §5).
 */
export async function listMyAds({ user }: { user: TSessionUser }) {
  const q = db().select(adColumns).from(ads).innerJoin(categories, eq(categories.id, ads.categoryId));
  const rows = (await (user.role === 'admin' ? q : q.where(eq(ads.userId, user.id))).orderBy(
    desc(ads.createdAt),
    desc(ads.id),
  )) as TAdRow[];
  return rows.map(toAdRecord);
}
