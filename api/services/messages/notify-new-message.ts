import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { conversations, messages, users } from '../../db/schema/index.ts';
import { MESSAGE_MAIL_INTERVAL_MS } from '../../lib/limits.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { newMessageMail } from './message-mail.ts';

/**
 * Queue `message-mail`, a short while after a message (MESSAGE_MAIL_DELAY_SECONDS): mails the
 * recipient about the newest message they have not read, if there is one then. A seller who
 * reads the thread live gets no mail at all; a burst of messages gets one. At most one mail per
 * conversation and recipient per 15 minutes, whatever the reads in between (reading used to
 * start the count over: 21 messages read live made 21 mails). Nothing for a recipient who
 * turned message mails off, is suspended, or has not verified the address (releaseHeldMail
 * sends what waited, once they do). Returns whether a mail was queued.
 */
export async function notifyNewMessage(options: {
  conversationId: number;
  recipientId: number;
  now?: Date;
}): Promise<{ mailed: boolean }> {
  const { conversationId, recipientId } = options;
  const now = options.now ?? new Date();
  const mailed = await db().transaction(async (tx) => {
    // Locked: two runs for one conversation decide one after the other.
    const [row] = await tx.select().from(conversations).where(eq(conversations.id, conversationId)).for('update');
    if (!row || (row.buyerId !== recipientId && row.sellerId !== recipientId)) return false;
    const isBuyer = row.buyerId === recipientId;
    const readId = isBuyer ? row.buyerReadId : row.sellerReadId;
    const mailedAt = isBuyer ? row.buyerMailedAt : row.sellerMailedAt;
    if (mailedAt && now.getTime() - mailedAt.getTime() < MESSAGE_MAIL_INTERVAL_MS) return false;
    const [unread] = await tx
      .select({ text: messages.text, senderName: users.name })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.senderId))
      .where(and(eq(messages.conversationId, row.id), ne(messages.senderId, recipientId), gt(messages.id, readId)))
      .orderBy(desc(messages.id))
      .limit(1);
    if (!unread) return false;
    const [recipient] = await tx
      .select({
        name: users.name,
        email: users.email,
        messageMails: users.messageMails,
        verified: users.emailVerifiedAt,
        banned: users.bannedAt,
      })
      .from(users)
      .where(eq(users.id, recipientId));
    if (!recipient?.messageMails || !recipient.verified || recipient.banned) return false;
    await queueMail(
      newMessageMail({
        to: recipient.email,
        recipientName: recipient.name,
        senderName: unread.senderName,
        adHeading: row.adHeading,
        conversationId: row.id,
        text: unread.text,
      }),
      { tx },
    );
    await tx
      .update(conversations)
      .set(isBuyer ? { buyerMailedAt: now } : { sellerMailedAt: now })
      .where(eq(conversations.id, row.id));
    return true;
  });
  return { mailed };
}
