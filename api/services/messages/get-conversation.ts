import { and, desc, eq, lt } from 'drizzle-orm';
import { MESSAGES_PAGE_SIZE } from '../../constants/messages.ts';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/index.ts';
import { conversationReview } from '../reviews/conversation-review.ts';
import { conversationSummaries, messageView } from './conversation-view.ts';
import { loadConversation } from './load-conversation.ts';

/**
 * A thread: its summary, the latest 50 messages (or the 50 before `before`), oldest first, and
 * its review (whether the buyer may write one, and the review once written).
 */
export async function getConversation(options: { user: TSessionUser; id: number; before?: number }) {
  const { user, id, before } = options;
  const { row, readOnly } = await loadConversation(db(), id, user);
  // An admin reading a report sees it from the seller's side: whose messages are "mine", what
  // is unread, who "the other" is. Without a seller (account deleted), from the buyer's.
  const viewer = readOnly ? (row.sellerId ?? row.buyerId ?? user.id) : user.id;
  const rows = await db()
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, id), before ? lt(messages.id, before) : undefined))
    .orderBy(desc(messages.id))
    .limit(MESSAGES_PAGE_SIZE + 1);
  const hasMore = rows.length > MESSAGES_PAGE_SIZE;
  const page = rows.slice(0, MESSAGES_PAGE_SIZE).reverse();
  const [[conversation], review] = await Promise.all([
    conversationSummaries(db(), viewer, eq(conversations.id, id)),
    conversationReview({ q: db(), row, viewerId: user.id, readOnly }),
  ]);
  return { conversation: conversation!, messages: page.map((m) => messageView(m, viewer)), hasMore, readOnly, review };
}
