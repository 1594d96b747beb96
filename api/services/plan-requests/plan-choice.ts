import { eq } from 'drizzle-orm';
import { SUBSCRIPTIONS, type TSubscription } from '../../constants/users.ts';
import type { Db, Tx } from '../../db/client.ts';
import { membershipPlans } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { PLAN_NOT_FOUND } from '../memberships/get-plan.ts';

export const PLAN_NOT_CHOOSABLE =
  'This plan cannot be chosen online. Please contact us and our team will set it up for you.';

/**
 * What choosing plan `planId` means: the subscription it grants (a plan is the subscription of
 * its name, Free/Gold/Platinum, as getPlanLimits and the expiry days read it) and whether it
 * costs nothing (no price, or 0: the page shows FREE), in which case it switches at once.
 */
export async function planChoice(q: Db | Tx, planId: number) {
  const [plan] = await q
    .select({ id: membershipPlans.id, name: membershipPlans.planName, price: membershipPlans.price })
    .from(membershipPlans)
    .where(eq(membershipPlans.id, planId));
  if (!plan) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  const subscription = plan.name.trim().toLowerCase();
  if (!(SUBSCRIPTIONS as readonly string[]).includes(subscription)) throw new AppError('CONFLICT', PLAN_NOT_CHOOSABLE);
  return {
    id: plan.id,
    name: plan.name,
    subscription: subscription as TSubscription,
    free: plan.price === null || Number(plan.price) === 0,
  };
}
