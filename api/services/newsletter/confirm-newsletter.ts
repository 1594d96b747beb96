import { and, eq, gt } from 'drizzle-orm';
import { hashToken } from '../../auth/session.ts';
import { db } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { NEWSLETTER_MESSAGES } from '../../schemas/newsletter.ts';

/**
 * The confirmation link (double opt-in): a pending address whose unexpired token matches
 * becomes a subscriber, and the token is cleared in the same statement, so the link works
 * once. Anything else is 400 "invalid or expired".
 */
export async function confirmNewsletter({ token, now = new Date() }: { token: string; now?: Date }) {
  const [row] = await db()
    .update(newsletterSubscribers)
    .set({
      status: 'confirmed',
      confirmedAt: now,
      unsubscribedAt: null,
      confirmTokenHash: null,
      confirmExpiresAt: null,
    })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, hashToken(token)),
        eq(newsletterSubscribers.status, 'pending'),
        gt(newsletterSubscribers.confirmExpiresAt, now),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  if (!row) throw new AppError('BAD_REQUEST', NEWSLETTER_MESSAGES.linkInvalid);
}
