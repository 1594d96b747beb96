import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A visitor's message from Contact Us or the FAQ question form (docs/SCREENS.md, Inbox).
 * `read_at` is set when an admin first opens it; the replies sent to the sender live in
 * inbox_replies, so the thread shows what the site answered.
 */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    source: text('source').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('inbox_messages_source_check', sql`${t.source} IN ('contact', 'faq')`),
    index('inbox_messages_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // The sidebar's unread count reads only these rows.
    index('inbox_messages_unread_idx').on(t.id).where(sql`${t.readAt} IS NULL`),
  ],
);

/** A reply an admin mailed to the sender of an inbox message. */
export const inboxReplies = pgTable(
  'inbox_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    messageId: integer('message_id')
      .notNull()
      .references(() => inboxMessages.id, { onDelete: 'cascade' }),
    /** The admin who wrote it; kept (NULL) when that account is deleted. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inbox_replies_message_idx').on(t.messageId, t.id)],
);
