import { eq } from 'drizzle-orm';
import type { TSubscriberState } from '../../constants/newsletter.ts';
import { type Db, db, type Tx } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema/index.ts';
import { startSubscription } from './start-subscription.ts';
import { unsubscribeSubscriber } from './unsubscribe-newsletter.ts';

/**
 * The account page's "newsletter" preference is the subscription of the user's current
 * email, the same row the public sign-up box and the mailed links change. 'none' when the
 * address never signed up.
 */
export async function getNewsletterState(email: string, q: Db | Tx = db()): Promise<TSubscriberState | 'none'> {
  const [row] = await q
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email.toLowerCase()));
  return (row?.status as TSubscriberState | undefined) ?? 'none';
}

/**
 * Turning the preference on starts the same double opt-in as the sign-up box (a confirmation
 * mail; nothing changes for an address already confirmed), because a signed-in account's
 * email is not proven to be its owner's. Turning it off ends the subscription at once.
 * Resolves to the state afterwards.
 */
export async function setNewsletterPreference({
  email,
  subscribed,
  tx,
}: {
  email: string;
  subscribed: boolean;
  tx?: Tx | Db;
}): Promise<TSubscriberState | 'none'> {
  const q = tx ?? db();
  if (subscribed) await startSubscription({ email, tx });
  else {
    const [row] = await q
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email.toLowerCase()));
    if (row) await unsubscribeSubscriber(row.id, new Date(), q);
  }
  return getNewsletterState(email, q);
}

/** Deleting an account forgets its address's subscription too (GDPR erasure). */
export async function forgetNewsletterSubscriber(email: string, q: Db | Tx = db()) {
  await q.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email.toLowerCase()));
}
