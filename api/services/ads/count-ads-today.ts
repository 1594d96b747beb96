import { and, count, eq, gte } from 'drizzle-orm';
import type { TSessionUser } from '../../context.ts';
import { type Db, db, type Tx } from '../../db/client.ts';
import { ads, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { PLAN_NAMES } from './plan-limits.ts';

/** Midnight UTC of the given moment's day: "today" for the ads-per-day limit. */
export function startOfUtcDay(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** How many ads the user has created since midnight UTC. */
export async function countAdsToday(options: { userId: number; tx?: Db | Tx; now?: Date }): Promise<number> {
  const q = options.tx ?? db();
  const rows = await q
    .select({ n: count() })
    .from(ads)
    .where(and(eq(ads.userId, options.userId), gte(ads.createdAt, startOfUtcDay(options.now))));
  return Number(rows[0]?.n ?? 0);
}

export function dailyLimitMessage(user: TSessionUser, limit: number): string {
  const plan = PLAN_NAMES[user.subscription] ?? 'Free';
  if (limit === 0) return `The ${plan} plan does not include posting ads. Please upgrade your membership.`;
  return `You have reached the ${plan} plan's limit of ${limit} ${limit === 1 ? 'ad' : 'ads'} per day. Please try again tomorrow or upgrade your membership.`;
}

/**
 * Refuses (429) when the user has used up today's ads. Inside a transaction it first locks
 * the user's row, so two uploads at once cannot both take the last slot. FOR NO KEY UPDATE
 * is enough for that (it conflicts with itself) and, unlike FOR UPDATE, does not make the
 * user's sign-ins and wishlist adds (whose foreign keys key-share-lock the row) wait.
 */
export async function assertDailyAllowance(options: { user: TSessionUser; limit: number | null; tx?: Tx }) {
  const { user, limit, tx } = options;
  if (limit === null) return;
  if (tx) await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
  const today = await countAdsToday({ userId: user.id, tx });
  if (today >= limit) throw new AppError('TOO_MANY_REQUESTS', dailyLimitMessage(user, limit));
}
