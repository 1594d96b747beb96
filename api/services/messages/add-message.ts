import { and, count, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { conversations, messages, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { MESSAGE_MAIL_INTERVAL_MS } from '../../lib/limits.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { messageView, type TMessageView } from './conversation-view.ts';
import type { TLiveNotice } from './live-hub.ts';
import { otherSide, type TConversationRow } from './load-conversation.ts';
import { newMessageMail } from './message-mail.ts';
import { sendFacts, sendRefusal } from './send-refusal.ts';

/**
 * Adds `text` from `senderId` to the locked conversation `row`, inside `tx`: the message, the
 * conversation's activity time, the sender's read mark, and (when due) the recipient's mail,
 * queued in the same transaction. Returns the message and the live notices to publish once
 * the transaction has committed.
 */
export async function addMessage(
  tx: Tx,
  row: TConversationRow,
  senderId: number,
  text: string,
  now: Date,
): Promise<{ message: TMessageView; notices: TLiveNotice[] }> {
  const refusal = sendRefusal(await sendFacts(tx, row, senderId));
  if (refusal) throw new AppError('FORBIDDEN', refusal);
  const [inserted] = await tx
    .insert(messages)
    .values({ conversationId: row.id, senderId, text, createdAt: now })
    .returning();
  if (!inserted) throw new Error('message insert returned nothing');
  const senderIsBuyer = row.buyerId === senderId;
  await tx
    .update(conversations)
    .set(
      senderIsBuyer
        ? { lastMessageAt: now, buyerReadId: inserted.id }
        : { lastMessageAt: now, sellerReadId: inserted.id },
    )
    .where(eq(conversations.id, row.id));
  const recipientId = otherSide(row, senderId);
  const notices: TLiveNotice[] = [
    { kind: 'message', userId: senderId, conversationId: row.id, messageId: inserted.id },
  ];
  if (recipientId !== null) {
    notices.push({ kind: 'message', userId: recipientId, conversationId: row.id, messageId: inserted.id });
    await mailIfDue(tx, row, { senderId, recipientId, messageId: inserted.id, text, now });
  }
  return { message: messageView(inserted, senderId), notices };
}

/**
 * One mail per conversation and recipient while their messages stay unread: the first unread
 * message mails, later ones only once 15 minutes have passed since that mail. Reading the
 * conversation starts over. Nothing for a recipient who turned message mails off.
 */
async function mailIfDue(
  tx: Tx,
  row: TConversationRow,
  m: { senderId: number; recipientId: number; messageId: number; text: string; now: Date },
) {
  const recipientIsBuyer = row.buyerId === m.recipientId;
  const readId = recipientIsBuyer ? row.buyerReadId : row.sellerReadId;
  const mailedAt = recipientIsBuyer ? row.buyerMailedAt : row.sellerMailedAt;
  const [{ unreadBefore }] = (await tx
    .select({ unreadBefore: count() })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, row.id),
        ne(messages.senderId, m.recipientId),
        gt(messages.id, readId),
        lt(messages.id, m.messageId),
      ),
    )) as [{ unreadBefore: number }];
  const due =
    Number(unreadBefore) === 0 || !mailedAt || m.now.getTime() - mailedAt.getTime() >= MESSAGE_MAIL_INTERVAL_MS;
  if (!due) return;
  const people = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      messageMails: users.messageMails,
      verified: users.emailVerifiedAt,
    })
    .from(users)
    .where(sql`${users.id} IN (${m.senderId}, ${m.recipientId})`);
  const recipient = people.find((p) => p.id === m.recipientId);
  const sender = people.find((p) => p.id === m.senderId);
  if (!recipient?.messageMails) return;
  // Mail goes only to an address its owner proved: an unverified recipient's notification
  // waits, and goes out once they verify (releaseHeldMail).
  if (!recipient.verified) return;
  await queueMail(
    newMessageMail({
      to: recipient.email,
      recipientName: recipient.name,
      senderName: sender?.name,
      adHeading: row.adHeading,
      conversationId: row.id,
      text: m.text,
    }),
    { tx },
  );
  await tx
    .update(conversations)
    .set(recipientIsBuyer ? { buyerMailedAt: m.now } : { sellerMailedAt: m.now })
    .where(eq(conversations.id, row.id));
}
