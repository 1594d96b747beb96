import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { membershipPlans } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export const PLAN_NOT_FOUND = 'Plan not found.';

/** The legacy field names (plan_name, subscription_type), as listPlans returns them. */
export const planColumns = {
  id: membershipPlans.id,
  plan_name: membershipPlans.planName,
  subscription_type: membershipPlans.subscriptionType,
  price: membershipPlans.price,
  includes_featured: membershipPlans.includesFeatured,
  expiry_days: membershipPlans.expiryDays,
};

export async function getPlan({ id }: { id: number }) {
  const rows = await db().select(planColumns).from(membershipPlans).where(eq(membershipPlans.id, id)).limit(1);
  if (!rows[0]) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  return rows[0];
}
