import { count, eq } from 'drizzle-orm';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { newsletterSubscribers, newsletters } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import { recordIdempotentAnswer } from '../../lib/idempotency-claims.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { NEWSLETTER_MESSAGES, type TNewsletterSend } from '../../schemas/newsletter.ts';
import { getNewsletterProgress } from './list-newsletters.ts';

/**
 * Compose → send: records the newsletter with the number of confirmed subscribers now (its
 * `total`) and queues its first batch job in the same transaction; each batch queues the next
 * (api/services/newsletter/run-newsletter-batch.ts). The rich text is cleaned by the one
 * policy (api/lib/sanitize.ts); an empty editor means a plain-text newsletter.
 */
export async function sendNewsletter({ admin, input }: { admin: TSessionUser; input: TNewsletterSend }) {
  const html = sanitizeRichText(input.html);
  return db().transaction(async (tx) => {
    const [confirmed] = await tx
      .select({ n: count() })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, 'confirmed'));
    const total = confirmed?.n ?? 0;
    if (total === 0) throw new AppError('CONFLICT', NEWSLETTER_MESSAGES.noSubscribers);
    const [row] = await tx
      .insert(newsletters)
      .values({ subject: input.subject, text: input.text, html: html || null, total, createdBy: admin.id })
      .returning();
    await enqueue('newsletter-batch', { newsletterId: row!.id, afterId: 0 }, { tx });
    const body = {
      success: true as const,
      data: await getNewsletterProgress(row!.id, tx),
      message: NEWSLETTER_MESSAGES.sent,
    };
    await recordIdempotentAnswer(tx, 201, body);
    return body;
  });
}
