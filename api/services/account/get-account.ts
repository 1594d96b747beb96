import { and, desc, eq, gt } from 'drizzle-orm';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { emailChangeTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { getPlanLimits, PLAN_NAMES } from '../ads/plan-limits.ts';
import { getNewsletterState } from '../newsletter/newsletter-preference.ts';
import { pendingPlanRequest } from '../plan-requests/list-plan-requests.ts';

/**
 * The caller's own profile for the account page: name, email (and a change waiting for its
 * link), phone (never shown publicly), plan with its live limits, a pending plan request and
 * the mail preferences.
 */
export async function getAccount({ user, now = new Date() }: { user: TSessionUser; now?: Date }) {
  const [row] = await db()
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      role: users.role,
      subscription: users.subscription,
      messageMails: users.messageMails,
      alertMails: users.alertMails,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row) throw new AppError('UNAUTHORIZED', 'Please login to continue.');
  const [limits, pendingRequest, [pendingEmail], newsletter] = await Promise.all([
    getPlanLimits({ user: { ...user, role: row.role, subscription: row.subscription } }),
    pendingPlanRequest(user.id),
    db()
      .select({ email: emailChangeTokens.newEmail })
      .from(emailChangeTokens)
      .where(and(eq(emailChangeTokens.userId, user.id), gt(emailChangeTokens.expiresAt, now)))
      .orderBy(desc(emailChangeTokens.createdAt))
      .limit(1),
    getNewsletterState(row.email),
  ]);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    pendingEmail: pendingEmail?.email ?? null,
    emailVerified: row.emailVerifiedAt !== null,
    phone: row.phone,
    role: row.role,
    plan: {
      subscription: row.subscription,
      name: PLAN_NAMES[row.subscription],
      photos: limits.photos,
      adsPerDay: limits.adsPerDay,
      expiryDays: limits.expiryDays,
      featured: limits.featured,
    },
    pendingRequest,
    preferences: { messageMails: row.messageMails, alertMails: row.alertMails, newsletter },
    createdAt: row.createdAt.toISOString(),
  };
}
