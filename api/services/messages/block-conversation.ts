import { and, eq, isNull } from 'drizzle-orm';
import { MESSAGE_TEXTS } from '../../constants/messages.ts';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { conversations } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { loadConversation } from './load-conversation.ts';

/** Blocks conversation `id`: no new messages either way; the history stays. */
export async function blockConversation(options: { user: TSessionUser; id: number }) {
  const { user, id } = options;
  await loadConversation(db(), id, user, { write: true });
  // The first block stands; blocking what the other side blocked changes nothing.
  await db()
    .update(conversations)
    .set({ blockedBy: user.id })
    .where(and(eq(conversations.id, id), isNull(conversations.blockedBy)));
}

/** Lifts a block; only the participant who blocked may. */
export async function unblockConversation(options: { user: TSessionUser; id: number }) {
  const { user, id } = options;
  const { row } = await loadConversation(db(), id, user, { write: true });
  if (row.blockedBy === null) return;
  if (row.blockedBy !== user.id) throw new AppError('FORBIDDEN', MESSAGE_TEXTS.notBlocker);
  await db().update(conversations).set({ blockedBy: null }).where(eq(conversations.id, id));
}
