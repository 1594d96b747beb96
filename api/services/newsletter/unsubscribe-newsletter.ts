import { and, eq, ne } from 'drizzle-orm';
import { hashToken } from '../../auth/session.ts';
import { type Db, db, type Tx } from '../../db/client.ts';
import { newsletterDeliveries, newsletterSubscribers } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { NEWSLETTER_MESSAGES } from '../../schemas/newsletter.ts';

/**
 * The unsubscribe link of a newsletter mail (each mail has its own token, stored hashed with
 * its delivery row). It works every time it is used, so a second click, or the mail client's
 * one-click POST after the person already clicked, says the same thing.
 */
export async function unsubscribeNewsletter({ token, now = new Date() }: { token: string; now?: Date }) {
  const [delivery] = await db()
    .select({ subscriberId: newsletterDeliveries.subscriberId })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.unsubscribeTokenHash, hashToken(token)));
  if (!delivery?.subscriberId) throw new AppError('BAD_REQUEST', NEWSLETTER_MESSAGES.linkInvalid);
  await unsubscribeSubscriber(delivery.subscriberId, now);
}

/** Ends a subscription (pending or confirmed); one already ended keeps its date. */
export async function unsubscribeSubscriber(id: number, now = new Date(), q: Db | Tx = db()) {
  await q
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
    .where(and(eq(newsletterSubscribers.id, id), ne(newsletterSubscribers.status, 'unsubscribed')));
}
