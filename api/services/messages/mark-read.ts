import { eq, max } from 'drizzle-orm';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/index.ts';
import { publish } from './live-hub.ts';
import { loadConversation } from './load-conversation.ts';
import { unreadCount } from './unread-count.ts';

/** Marks every message of conversation `id` read for its participant; the caller's unread total after. */
export async function markConversationRead(options: {
  user: TSessionUser;
  /** Counts the request against the caller's read limit (the route's limiter). */
  countAgainstLimits: () => Promise<unknown>;
  id: number;
}): Promise<number> {
  const { user, id } = options;
  const { row } = await loadConversation(db(), id, user, { write: true });
  // Counted after the access check, like sending: an outsider's 403 costs the caller nothing.
  await options.countAgainstLimits();
  const [{ last }] = (await db()
    .select({ last: max(messages.id) })
    .from(messages)
    .where(eq(messages.conversationId, id))) as [{ last: number | null }];
  const readId = Number(last ?? 0);
  await db()
    .update(conversations)
    .set(row.buyerId === user.id ? { buyerReadId: readId } : { sellerReadId: readId })
    .where(eq(conversations.id, id));
  // The caller's other tabs clear their badges.
  await publish([{ kind: 'read', userId: user.id, conversationId: id }]);
  return unreadCount(user.id);
}
