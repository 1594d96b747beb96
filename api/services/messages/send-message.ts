import { MESSAGE_TEXTS } from '../../constants/messages.ts';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { recordIdempotentAnswer } from '../../lib/idempotency-claims.ts';
import { addMessage } from './add-message.ts';
import { publish } from './live-hub.ts';
import { loadConversation } from './load-conversation.ts';

/** A participant's message in conversation `id` (403 when either side blocked it). */
export async function sendMessage(options: {
  user: TSessionUser;
  /** Counts the message against the sender's message limit (the route's limiter). */
  countMessage: () => Promise<unknown>;
  id: number;
  text: string;
  now?: Date;
}) {
  const { user, id, text } = options;
  const now = options.now ?? new Date();
  // Who may write is checked before the message counts against the sender's limit.
  await loadConversation(db(), id, user, { write: true });
  await options.countMessage();
  const { body, notices } = await db().transaction(async (tx) => {
    const { row } = await loadConversation(tx, id, user, { write: true, lock: true });
    const { message, notices } = await addMessage(tx, row, user.id, text, now);
    const answer = { success: true as const, message: MESSAGE_TEXTS.sent, sent: message };
    await recordIdempotentAnswer(tx, 201, answer);
    return { body: answer, notices };
  });
  await publish(notices);
  return body;
}
