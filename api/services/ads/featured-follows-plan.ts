import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ads, membershipPlans } from '../../db/schema/index.ts';

/**
 * A user's plan changed (chosen, approved, or set by an admin): if the new plan does not include
 * featured placement, their ads lose the Featured badge at once, in the transaction that changed
 * the plan: cards, the ad page, featured sorting and the structured data all read the same flag.
 * An admin's ads keep theirs (admins may always feature). Returns how many ads lost it.
 */
export async function applyPlanToAds(
  tx: Tx,
  user: { id: number; role: string; subscription: string },
): Promise<number> {
  if (user.role === 'admin') return 0;
  const [plan] = await tx
    .select({ featured: membershipPlans.includesFeatured })
    .from(membershipPlans)
    .where(sql`lower(${membershipPlans.planName}) = ${user.subscription}`)
    .limit(1);
  if (plan?.featured) return 0;
  const cleared = await tx
    .update(ads)
    .set({ makeAsFeatured: 'N', updatedAt: new Date() })
    .where(and(eq(ads.userId, user.id), eq(ads.makeAsFeatured, 'Y')))
    .returning({ id: ads.id });
  return cleared.length;
}
