import { and, eq } from 'drizzle-orm';
import { MESSAGE_TEXTS } from '../../constants/messages.ts';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { userBlocks } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { loadConversation, otherSide } from './load-conversation.ts';

/**
 * Blocks the other participant of conversation `id`: from now on neither can message the other
 * about any ad, until this block (and any of theirs) is lifted. The history stays. Blocking
 * someone who blocked you first records your own block as well. Answers the sentence to show.
 */
export async function blockConversation(options: { user: TSessionUser; id: number }): Promise<string> {
  const { user, id } = options;
  const { row } = await loadConversation(db(), id, user, { write: true });
  const other = otherSide(row, user.id);
  // The other side deleted their account: nobody is left to write.
  if (other === null) return MESSAGE_TEXTS.blockedNow;
  await db().insert(userBlocks).values({ blockerId: user.id, blockedId: other }).onConflictDoNothing();
  const [theirs] = await db()
    .select({ at: userBlocks.createdAt })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, other), eq(userBlocks.blockedId, user.id)));
  return theirs ? MESSAGE_TEXTS.blockedToo : MESSAGE_TEXTS.blockedNow;
}

/** Lifts the caller's own block of the other participant; another's block is theirs to lift (403). */
export async function unblockConversation(options: { user: TSessionUser; id: number }) {
  const { user, id } = options;
  const { row } = await loadConversation(db(), id, user, { write: true });
  const other = otherSide(row, user.id);
  if (other === null) return;
  const lifted = await db()
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, user.id), eq(userBlocks.blockedId, other)))
    .returning({ at: userBlocks.createdAt });
  if (lifted.length) return;
  const [theirs] = await db()
    .select({ at: userBlocks.createdAt })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, other), eq(userBlocks.blockedId, user.id)));
  if (theirs) throw new AppError('FORBIDDEN', MESSAGE_TEXTS.notBlocker);
}
