import { and, eq } from 'drizzle-orm';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { planRequests, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordIdempotentAnswer } from '../../lib/idempotency-claims.ts';
import { PLAN_REQUEST_MESSAGES, type TPlanRequestInput, ZPaidPlanFields } from '../../schemas/plan-request.ts';
import { applyPlanToAds } from '../ads/featured-follows-plan.ts';
import { planChoice } from './plan-choice.ts';
import { toPlanRequestView } from './plan-request-view.ts';

export const ALREADY_ON_PLAN = 'You are already on this plan.';

/**
 * "Select" on the Membership page. A free plan switches the caller at once (their limits
 * follow on the next request: the session reads users.subscription every time). A paid plan
 * records a request for the site's team, who arrange payment and then approve it; a new
 * request replaces the caller's pending one (marked 'replaced'), so there is at most one.
 */
export async function requestPlan({ user, input }: { user: TSessionUser; input: TPlanRequestInput }) {
  return db().transaction(async (tx) => {
    // Locks the caller's row: two requests at once queue here instead of racing on the
    // one-pending index.
    const [me] = await tx
      .select({ subscription: users.subscription })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    const plan = await planChoice(tx, input.planId);
    if (me?.subscription === plan.subscription) throw new AppError('CONFLICT', ALREADY_ON_PLAN);
    await tx
      .update(planRequests)
      .set({ status: 'replaced' })
      .where(and(eq(planRequests.userId, user.id), eq(planRequests.status, 'pending')));
    if (plan.free) {
      await tx
        .update(users)
        .set({ subscription: plan.subscription, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      // A plan without featured placement takes the badge off the user's ads at once.
      await applyPlanToAds(tx, { id: user.id, role: user.role, subscription: plan.subscription });
      const body = {
        success: true as const,
        switched: true,
        subscription: plan.subscription,
        message: PLAN_REQUEST_MESSAGES.switched,
      };
      await recordIdempotentAnswer(tx, 200, body);
      return { status: 200 as const, body };
    }
    const paid = ZPaidPlanFields.safeParse(input);
    if (!paid.success)
      throw new AppError('BAD_REQUEST', paid.error.issues[0]?.message ?? PLAN_REQUEST_MESSAGES.telephone);
    const [row] = await tx
      .insert(planRequests)
      .values({
        userId: user.id,
        planId: plan.id,
        planName: plan.name,
        subscription: plan.subscription,
        telephone: paid.data.telephone,
        businessName: paid.data.businessName,
        note: input.note,
      })
      .returning();
    const body = {
      success: true as const,
      switched: false,
      subscription: me?.subscription ?? user.subscription,
      request: toPlanRequestView(row!),
      message: PLAN_REQUEST_MESSAGES.sent,
    };
    await recordIdempotentAnswer(tx, 201, body);
    return { status: 201 as const, body };
  });
}
