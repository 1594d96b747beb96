import { eq } from 'drizzle-orm';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { inboxMessages, inboxReplies } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordIdempotentAnswer } from '../../lib/idempotency-claims.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { INBOX_MESSAGES } from '../../schemas/inbox.ts';
import { getSettings } from '../settings/get-settings.ts';
import { loadInboxThread } from './get-inbox-message.ts';

/**
 * An admin's answer: stored in the thread and mailed to the sender in one transaction (the
 * reply is kept if and only if its mail is queued). The mail quotes the visitor's message and
 * asks replies to go to the site's contact email, when one is set.
 */
export async function replyInboxMessage({ id, admin, text }: { id: number; admin: TSessionUser; text: string }) {
  const { email: contact } = await getSettings();
  return db().transaction(async (tx) => {
    const [message] = await tx.select().from(inboxMessages).where(eq(inboxMessages.id, id)).for('update');
    if (!message) throw new AppError('NOT_FOUND', INBOX_MESSAGES.notFound);
    await tx.insert(inboxReplies).values({ messageId: id, authorId: admin.id, text });
    if (!message.readAt) await tx.update(inboxMessages).set({ readAt: new Date() }).where(eq(inboxMessages.id, id));
    const quoted = message.message
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n');
    await queueMail(
      {
        to: message.email,
        subject: `Re: ${message.subject || 'Your message'}`,
        text: `Hello ${message.name},\n\n${text}\n\n${quoted}\n`,
        ...(contact.trim() ? { headers: { 'Reply-To': contact.trim() } } : {}),
      },
      { tx },
    );
    const body = { success: true as const, data: await loadInboxThread(id, tx), message: INBOX_MESSAGES.replied };
    await recordIdempotentAnswer(tx, 201, body);
    return body;
  });
}
