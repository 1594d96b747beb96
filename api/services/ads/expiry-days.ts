import { eq, sql } from 'drizzle-orm';
import { DEFAULT_EXPIRY_DAYS } from '../../constants/ad-states.ts';
import { type Db, db, type Tx } from '../../db/client.ts';
import { membershipPlans, users } from '../../db/schema/index.ts';

/**
 * How many days an ad of a subscriber stays up: the `expiry_days` of the membership plan of
 * the same name (Free, Gold, Platinum), else the default for that subscription.
 */
export async function expiryDaysForSubscription(subscription: string, q: Db | Tx = db()): Promise<number> {
  const rows = await q
    .select({ days: membershipPlans.expiryDays })
    .from(membershipPlans)
    .where(sql`lower(${membershipPlans.planName}) = ${subscription}`)
    .orderBy(membershipPlans.id)
    .limit(1);
  return rows[0]?.days ?? DEFAULT_EXPIRY_DAYS[subscription as keyof typeof DEFAULT_EXPIRY_DAYS] ?? 30;
}

/** The period of an ad owned by `userId` (an admin renewing someone's ad renews it on the owner's plan). */
export async function expiryDaysForOwner(userId: number, q: Db | Tx = db()): Promise<number> {
  const [owner] = await q.select({ subscription: users.subscription }).from(users).where(eq(users.id, userId));
  return expiryDaysForSubscription(owner?.subscription ?? 'free', q);
}
