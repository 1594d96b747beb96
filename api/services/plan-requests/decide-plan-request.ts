import { eq } from 'drizzle-orm';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { planRequests, users } from '../../db/schema/index.ts';
import { env } from '../../env.ts';
import { AppError } from '../../errors.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { applyPlanToAds } from '../ads/featured-follows-plan.ts';
import { toPlanRequestView } from './plan-request-view.ts';

export const PLAN_REQUEST_NOT_FOUND = 'Plan request not found.';
export const PLAN_REQUEST_DECIDED = 'This plan request was already decided.';

/**
 * An admin approves or declines a pending request. Approval sets the user's subscription in
 * the same transaction, so their limits (photos, ads a day, expiry days) change at once; each
 * decision queues a mail to the user in that transaction too (sent if and only if it commits).
 */
export async function decidePlanRequest({
  admin,
  id,
  decision,
}: {
  admin: TSessionUser;
  id: number;
  decision: 'approve' | 'decline';
}) {
  return db().transaction(async (tx) => {
    const [row] = await tx.select().from(planRequests).where(eq(planRequests.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', PLAN_REQUEST_NOT_FOUND);
    if (row.status !== 'pending') throw new AppError('CONFLICT', PLAN_REQUEST_DECIDED);
    const now = new Date();
    const [updated] = await tx
      .update(planRequests)
      .set({ status: decision === 'approve' ? 'approved' : 'declined', decidedBy: admin.id, decidedAt: now })
      .where(eq(planRequests.id, id))
      .returning();
    const [user] = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, row.userId));
    if (decision === 'approve') {
      const [changed] = await tx
        .update(users)
        .set({ subscription: row.subscription, updatedAt: now })
        .where(eq(users.id, row.userId))
        .returning({ id: users.id, role: users.role, subscription: users.subscription });
      if (changed) await applyPlanToAds(tx, changed);
    }
    if (user) await queueMail(decisionMail(user, row.planName, decision), { tx });
    return toPlanRequestView(updated!);
  });
}

function decisionMail(user: { name: string; email: string }, planName: string, decision: 'approve' | 'decline') {
  const account = `${env().siteUrl}/admin/account`;
  return decision === 'approve'
    ? {
        to: user.email,
        subject: `Your ${planName} plan is active`,
        text: `Hello ${user.name},\n\nYour request for the ${planName} plan was approved. Your new limits apply from now on.\n\nSee your plan and limits on your account page:\n${account}\n`,
      }
    : {
        to: user.email,
        subject: `Your ${planName} plan request`,
        text: `Hello ${user.name},\n\nYour request for the ${planName} plan was declined, and your plan stays as it was. If you have questions, reply to this mail or contact us through the site.\n\n${account}\n`,
      };
}
