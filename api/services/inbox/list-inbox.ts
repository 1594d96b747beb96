import { count, desc, isNull } from 'drizzle-orm';
import { INBOX_PAGE_SIZE } from '../../constants/inbox.ts';
import { db } from '../../db/client.ts';
import { inboxMessages } from '../../db/schema/index.ts';
import { toInboxMessageView } from './inbox-view.ts';

/** The admin inbox, newest first, one page; `unread` counts every unread message (the sidebar badge). */
export async function listInbox({
  page = 1,
  limit = INBOX_PAGE_SIZE,
  unreadOnly = false,
}: {
  page?: number;
  limit?: number;
  unreadOnly?: boolean;
}) {
  const where = unreadOnly ? isNull(inboxMessages.readAt) : undefined;
  const [rows, [total], [unread]] = await Promise.all([
    db()
      .select()
      .from(inboxMessages)
      .where(where)
      .orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(inboxMessages).where(where),
    db().select({ n: count() }).from(inboxMessages).where(isNull(inboxMessages.readAt)),
  ]);
  const n = total?.n ?? 0;
  return {
    data: rows.map(toInboxMessageView),
    total: n,
    unread: unread?.n ?? 0,
    page,
    limit,
    totalPages: Math.max(1, Math.ceil(n / limit)),
  };
}
