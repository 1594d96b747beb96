import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { membershipPlans } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { TPlanForm } from '../../schemas/membership.ts';
import { PLAN_NOT_FOUND, planColumns } from './get-plan.ts';

/** Creates (no id) or updates a membership plan; a null price shows as FREE. */
export async function savePlan(options: { id?: number; input: TPlanForm }) {
  const { id, input } = options;
  const values = {
    planName: input.plan_name,
    subscriptionType: input.subscription_type,
    price: input.price,
    ...(input.includes_featured === undefined ? {} : { includesFeatured: input.includes_featured }),
    ...(input.expiry_days === undefined ? {} : { expiryDays: input.expiry_days }),
  };
  const rows = id
    ? await db().update(membershipPlans).set(values).where(eq(membershipPlans.id, id)).returning(planColumns)
    : await db().insert(membershipPlans).values(values).returning(planColumns);
  if (!rows[0]) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  return rows[0];
}
