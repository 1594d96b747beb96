import { eq } from 'drizzle-orm';
import type { TSessionUser } from '../../context.ts';
import { type Db, db, type Tx } from '../../db/client.ts';
import { ads, categories } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { adColumns, type TAdRow, toAdRecord } from './ad-record.ts';

export const AD_NOT_FOUND = 'Ad not found.';
export const NOT_YOUR_AD = 'You can only manage your own ads.';

/** Admins manage every ad; a customer only their own (403 otherwise). */
export function assertCanManage(user: TSessionUser, ad: { userId: number }) {
  if (user.role !== 'admin' && ad.userId !== user.id) throw new AppError('FORBIDDEN', NOT_YOUR_AD);
}

/**
 * One ad row the user may manage, or 404/403. `lock` takes a row lock (inside a
 * transaction) so a concurrent edit or delete waits for this one.
 */
export async function loadManagedAd(options: { user: TSessionUser; id: number; q?: Db | Tx; lock?: boolean }) {
  const q = options.q ?? db();
  const base = q
    .select(adColumns)
    .from(ads)
    .innerJoin(categories, eq(categories.id, ads.categoryId))
    .where(eq(ads.id, options.id));
  const rows = (await (options.lock ? base.for('update', { of: ads }) : base).limit(1)) as TAdRow[];
  const ad = rows[0];
  if (!ad) throw new AppError('NOT_FOUND', AD_NOT_FOUND);
  assertCanManage(options.user, ad);
  return ad;
}

/** GET /api/ads/{id}: the ad for its edit form. */
export async function getAd(options: { user: TSessionUser; id: number }) {
  return toAdRecord(await loadManagedAd(options));
}
