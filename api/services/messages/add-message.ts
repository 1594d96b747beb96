import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/index.ts';
import { runtimeEnv } from '../../env.ts';
import { AppError } from '../../errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import { messageView, type TMessageView } from './conversation-view.ts';
import type { TLiveNotice } from './live-hub.ts';
import { otherSide, type TConversationRow } from './load-conversation.ts';
import { sendFacts, sendRefusal } from './send-refusal.ts';

/**
 * Adds `text` from `senderId` to the locked conversation `row`, inside `tx`: the message, the
 * conversation's activity time, the sender's read mark, and the recipient's delayed mail job,
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
    // The recipient's "New message" mail waits a moment: it goes out only if this is still
    // unread then (notify-new-message.ts), and is queued with the message, so both or neither.
    await enqueue(
      'message-mail',
      { conversationId: row.id, recipientId },
      { tx, startAfter: runtimeEnv().messageMailDelaySeconds },
    );
  }
  return { message: messageView(inserted, senderId), notices };
}
