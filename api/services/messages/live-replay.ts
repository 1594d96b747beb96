import { and, asc, eq, gt, max, or } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/index.ts';
import { messageView } from './conversation-view.ts';
import type { TLiveEvent } from './live-streams.ts';

/**
 * Missed messages are read back from the messages themselves (they are the durable record),
 * at most this many: a stream that missed more gets `resync` and the page reloads instead.
 */
export const REPLAY_MAX = 100;

/**
 * The `message` events of `userId`'s conversations after message id `after`, oldest first,
 * with `more` when there were over REPLAY_MAX (the caller then sends `resync`).
 */
export async function missedMessages(options: {
  userId: number;
  after: number;
}): Promise<{ events: TLiveEvent[]; more: boolean }> {
  const { userId, after } = options;
  const rows = await db()
    .select({ message: messages })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(gt(messages.id, after), or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId))))
    .orderBy(asc(messages.id))
    .limit(REPLAY_MAX + 1);
  const events = rows.slice(0, REPLAY_MAX).map(({ message: m }) => ({
    event: 'message',
    data: { conversationId: m.conversationId, message: messageView(m, userId) },
    messageId: m.id,
  }));
  return { events, more: rows.length > REPLAY_MAX };
}

/** The newest message id on the site: a fresh stream's position (ids only grow). */
export async function latestMessageId(): Promise<number> {
  const [row] = await db()
    .select({ last: max(messages.id) })
    .from(messages);
  return Number(row?.last ?? 0);
}
