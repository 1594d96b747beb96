import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ads } from './catalog.ts';
import { users } from './users.ts';

/**
 * One ad, one buyer and the ad's seller (docs/RULES.md, Conversations). The ad and either
 * person may be deleted: the row stays (SET NULL), showing the heading it was about and
 * "Deleted user". Each side's read mark and mail throttle live on the row; blocks are between
 * people (userBlocks).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adId: integer('ad_id').references(() => ads.id, { onDelete: 'set null' }),
    /** The ad's heading when the conversation started, shown once the ad is gone. */
    adHeading: text('ad_heading').notNull(),
    buyerId: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    sellerId: integer('seller_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last message that side has seen (ids grow with time): later ones from the other are unread. */
    buyerReadId: integer('buyer_read_id').notNull().default(0),
    sellerReadId: integer('seller_read_id').notNull().default(0),
    /** When that side was last mailed about a new message (at most one per 15 minutes unread). */
    buyerMailedAt: timestamp('buyer_mailed_at', { withTimezone: true }),
    sellerMailedAt: timestamp('seller_mailed_at', { withTimezone: true }),
  },
  (t) => [
    // Starting twice reuses the conversation (a deleted ad's rows have a NULL ad and never clash).
    uniqueIndex('conversations_ad_buyer_key').on(t.adId, t.buyerId),
    index('conversations_buyer_idx').on(t.buyerId, t.lastMessageAt.desc()),
    index('conversations_seller_idx').on(t.sellerId, t.lastMessageAt.desc()),
  ],
);

/** Plain text, 1–2000 characters; a deleted sender's messages go with them. */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    // Rate limit and unread counts by sender.
    index('messages_sender_created_idx').on(t.senderId, t.createdAt),
    check('messages_text_length_check', sql`char_length(${t.text}) BETWEEN 1 AND 2000`),
  ],
);

/** A participant's report of a conversation to the admins, one per reporter. */
export const conversationReports = pgTable(
  'conversation_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an admin has dealt with it. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversation_reports_reporter_key').on(t.conversationId, t.reporterId),
    index('conversation_reports_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} IS NULL`),
  ],
);

/**
 * One person's block of another (docs/RULES.md, Conversations): while either of two people has
 * blocked the other, neither can start a conversation with or message the other about any ad.
 * Each side's block is its own row, lifted only by its author.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'user_blocks_pkey', columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId, t.blockerId),
    check('user_blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
