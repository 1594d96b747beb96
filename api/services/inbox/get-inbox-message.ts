import { and, asc, eq, isNull } from 'drizzle-orm';
import { type Db, db, type Tx } from '../../db/client.ts';
import { inboxMessages, inboxReplies, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { INBOX_MESSAGES } from '../../schemas/inbox.ts';
import { toInboxMessageView, toInboxReplyView } from './inbox-view.ts';

/** One message and its replies, oldest first. Opening it marks it read (the first time only). */
export async function getInboxMessage({ id, now = new Date() }: { id: number; now?: Date }) {
  await db()
    .update(inboxMessages)
    .set({ readAt: now })
    .where(and(eq(inboxMessages.id, id), isNull(inboxMessages.readAt)));
  return loadInboxThread(id);
}

/** The thread as `exec` sees it (a transaction that just added a reply sees it). */
export async function loadInboxThread(id: number, exec: Db | Tx = db()) {
  const [row] = await exec.select().from(inboxMessages).where(eq(inboxMessages.id, id));
  if (!row) throw new AppError('NOT_FOUND', INBOX_MESSAGES.notFound);
  const replies = await exec
    .select({
      id: inboxReplies.id,
      messageId: inboxReplies.messageId,
      authorId: inboxReplies.authorId,
      text: inboxReplies.text,
      createdAt: inboxReplies.createdAt,
      authorName: users.name,
    })
    .from(inboxReplies)
    .leftJoin(users, eq(users.id, inboxReplies.authorId))
    .where(eq(inboxReplies.messageId, id))
    .orderBy(asc(inboxReplies.id));
  return { ...toInboxMessageView(row), replies: replies.map(toInboxReplyView) };
}
