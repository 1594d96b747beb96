import { MESSAGE_TEXTS } from '../../constants/messages.ts';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { conversationReports } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { loadConversation } from './load-conversation.ts';

/** A participant reports conversation `id` to the admins (once each), who may then read it. */
export async function reportConversation(options: {
  user: TSessionUser;
  /** Counts the request against the caller's report limit (the route's limiter), once they may report. */
  countAgainstLimits: () => Promise<unknown>;
  id: number;
  reason: string;
}) {
  const { user, id, reason } = options;
  await loadConversation(db(), id, user, { write: true });
  await options.countAgainstLimits();
  const inserted = await db()
    .insert(conversationReports)
    .values({ conversationId: id, reporterId: user.id, reason })
    .onConflictDoNothing({ target: [conversationReports.conversationId, conversationReports.reporterId] })
    .returning({ id: conversationReports.id });
  if (!inserted.length) throw new AppError('CONFLICT', MESSAGE_TEXTS.alreadyReported);
}
