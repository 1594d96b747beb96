import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { generateToken, hashToken } from '../../auth/session.ts';
import { db } from '../../db/client.ts';
import { newsletterDeliveries, newsletterSubscribers, newsletters } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { NEWSLETTER_BATCH_SIZE } from '../../lib/limits.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { newsletterMail } from './newsletter-mail.ts';

export type TNewsletterBatch = { newsletterId: number; afterId: number };

/**
 * One batch of a newsletter (queue `newsletter-batch`): the next NEWSLETTER_BATCH_SIZE
 * subscribers by id after `afterId` who were confirmed when it was sent. Each one gets a
 * delivery row and its mail queued in ONE transaction; the row is unique per newsletter and
 * subscriber, so when a batch fails half-way and pg-boss retries it, those already done are
 * skipped and nobody gets the newsletter twice. Someone who unsubscribed since the send gets
 * a `skipped` row and no mail. The batch then queues the next one, or marks the newsletter
 * finished when none is left.
 */
export async function runNewsletterBatch({ newsletterId, afterId }: TNewsletterBatch) {
  const [newsletter] = await db().select().from(newsletters).where(eq(newsletters.id, newsletterId));
  if (!newsletter) return { sent: 0, done: true };
  const batch = await db()
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(
      and(
        gt(newsletterSubscribers.id, afterId),
        lte(newsletterSubscribers.confirmedAt, newsletter.createdAt),
        or(
          eq(newsletterSubscribers.status, 'confirmed'),
          // Left after the send: counted in `total`, so recorded as skipped.
          gt(newsletterSubscribers.unsubscribedAt, newsletter.createdAt),
        ),
      ),
    )
    .orderBy(asc(newsletterSubscribers.id))
    .limit(NEWSLETTER_BATCH_SIZE);
  let sent = 0;
  for (const subscriber of batch) {
    const skipped = subscriber.status !== 'confirmed';
    const token = generateToken();
    await db().transaction(async (tx) => {
      const [delivery] = await tx
        .insert(newsletterDeliveries)
        .values({
          newsletterId,
          subscriberId: subscriber.id,
          unsubscribeTokenHash: skipped ? null : hashToken(token),
          skipped,
        })
        .onConflictDoNothing()
        .returning({ id: newsletterDeliveries.id });
      if (!delivery || skipped) return;
      await queueMail(newsletterMail(newsletter, subscriber.email, token), { tx });
      sent += 1;
    });
  }
  const last = batch.at(-1);
  if (batch.length < NEWSLETTER_BATCH_SIZE || !last) {
    await db()
      .update(newsletters)
      .set({ finishedAt: sql`now()` })
      .where(and(eq(newsletters.id, newsletterId), isNull(newsletters.finishedAt)));
    return { sent, done: true };
  }
  await enqueue(
    'newsletter-batch',
    { newsletterId, afterId: last.id },
    { singletonKey: `newsletter-${newsletterId}-${last.id}` },
  );
  return { sent, done: false };
}
