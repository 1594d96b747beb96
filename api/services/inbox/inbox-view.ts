import type { inboxMessages, inboxReplies } from '../../db/schema/index.ts';

type TMessageRow = typeof inboxMessages.$inferSelect;
type TReplyRow = typeof inboxReplies.$inferSelect;

/** One inbox message as the admin screens read it. */
export function toInboxMessageView(row: TMessageRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    source: row.source as 'contact' | 'faq',
    read: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toInboxReplyView(row: TReplyRow & { authorName: string | null }) {
  return {
    id: row.id,
    text: row.text,
    authorName: row.authorName ?? 'Deleted user',
    createdAt: row.createdAt.toISOString(),
  };
}
