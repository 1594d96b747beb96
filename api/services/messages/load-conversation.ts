import { eq, sql } from 'drizzle-orm';
import { MESSAGE_TEXTS } from '../../constants/messages.ts';
import type { TSessionUser } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conversationReports, conversations } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export type TConversationRow = typeof conversations.$inferSelect;

/**
 * The conversation `id` if `user` may see it: its two participants may (404 when there is
 * none, 403 for anyone else); an admin may read one that was reported, read-only. `lock`
 * holds the row until the transaction ends, so a send and a block never cross.
 */
export async function loadConversation(
  q: Db | Tx,
  id: number,
  user: Pick<TSessionUser, 'id' | 'role'>,
  options: { write?: boolean; lock?: boolean } = {},
): Promise<{ row: TConversationRow; readOnly: boolean }> {
  const query = q.select().from(conversations).where(eq(conversations.id, id));
  const [row] = await (options.lock ? query.for('update') : query);
  if (!row) throw new AppError('NOT_FOUND', MESSAGE_TEXTS.notFound);
  if (row.buyerId === user.id || row.sellerId === user.id) return { row, readOnly: false };
  if (user.role === 'admin' && !options.write) {
    const [reported] = await q
      .select({ one: sql`1` })
      .from(conversationReports)
      .where(eq(conversationReports.conversationId, id))
      .limit(1);
    if (reported) return { row, readOnly: true };
  }
  throw new AppError('FORBIDDEN', MESSAGE_TEXTS.notParticipant);
}

/** The other participant's id (null when they deleted their account). */
export function otherSide(row: TConversationRow, userId: number): number | null {
  return row.buyerId === userId ? row.sellerId : row.buyerId;
}
