import { count } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { conversations } from '../../db/schema/index.ts';
import { conversationSummaries, participantOf } from './conversation-view.ts';

/** The caller's conversations, newest activity first, one page (optionally about one ad). */
export async function listConversations(options: { userId: number; page: number; limit: number; adId?: number }) {
  const { userId, page, limit, adId } = options;
  const where = participantOf(userId, adId);
  const [{ n }] = (await db().select({ n: count() }).from(conversations).where(where)) as [{ n: number }];
  const total = Number(n);
  const list = total ? await conversationSummaries(db(), userId, where, { limit, offset: (page - 1) * limit }) : [];
  return { conversations: list, total, page, totalPages: Math.ceil(total / limit) };
}
