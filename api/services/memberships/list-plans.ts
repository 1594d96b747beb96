import { asc } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { membershipPlans } from '../../db/schema/index.ts';

/** Plans in their legacy field names (docs/API.md). price is null when the plan has none (shown as FREE). */
export async function listPlans() {
  return db()
    .select({
      id: membershipPlans.id,
      plan_name: membershipPlans.planName,
      subscription_type: membershipPlans.subscriptionType,
      price: membershipPlans.price,
      includes_featured: membershipPlans.includesFeatured,
      expiry_days: membershipPlans.expiryDays,
    })
    .from(membershipPlans)
    .orderBy(asc(membershipPlans.id));
}
export type TPlan = Awaited<ReturnType<typeof listPlans>>[number];
