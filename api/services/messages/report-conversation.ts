import { MESSAGE_TEXTS } from '../../constants/messages.ts';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { conversationReports } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { limitConversationReports } from '../../middleware/rate-limit.ts';
import { loadConversation } from './load-conversation.ts';

/** A participant reports conversation `id` to the admins (once each), who may then read it. */
export async function reportConversation(options: { user: TSessionUser; id: number; reason: string }) {
  const { user, id, reason } = options;
  await loadConversation(db(), id, user, { write: true });
  await limitConversationReports(user.id);
  const inserted = await db()
    .insert(conversationReports)
    .values({ conversationId: id, reporterId: user.id, reason })
    .onConflictDoNothing({ target: [conversationReports.conversationId, conversationReports.reporterId] })
    .returning({ id: conversationReports.id });
  if (!inserted.length) throw new AppError('CONFLICT', MESSAGE_TEXTS.alreadyReported);
}
