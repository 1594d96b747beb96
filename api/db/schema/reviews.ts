import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { REPORT_REASONS } from '../../constants/moderation.ts';
import { conversations } from './messaging.ts';
import { sqlList } from './moderation.ts';
import { users } from './users.ts';

/**
 * A buyer's review of a seller after a conversation in which both wrote (docs/RULES.md,
 * Reviews): one per conversation, 1–5 stars and up to 500 characters, the seller's one answer.
 * A deleted buyer's review keeps its stars and shows "Former member" (SET NULL); a deleted
 * seller's reviews go with them. A moderator's removal hides it for good (`removedAt`).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull().default(''),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reviews_conversation_key').on(t.conversationId),
    index('reviews_seller_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc()).where(sql`${t.removedAt} IS NULL`),
    index('reviews_buyer_idx').on(t.buyerId),
    check('reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_text_length_check', sql`char_length(${t.text}) <= 500`),
    check('reviews_reply_length_check', sql`${t.reply} IS NULL OR char_length(${t.reply}) BETWEEN 1 AND 500`),
  ],
);

/**
 * A visitor's report of a review, as ad reports work (docs/MODERATION.md): one open report per
 * person ("user:<id>" or "ip:<hash>") per review; a moderator's decision closes them.
 */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reporterKey: text('reporter_key').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('review_reports_open_reporter_key').on(t.reviewId, t.reporterKey).where(sql`${t.resolvedAt} IS NULL`),
    index('review_reports_open_idx').on(t.reviewId).where(sql`${t.resolvedAt} IS NULL`),
    check('review_reports_reason_check', sql`${t.reason} IN (${sqlList(REPORT_REASONS)})`),
  ],
);
