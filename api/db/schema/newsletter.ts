import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One address that asked for the newsletter (double opt-in, docs/RULES.md, Newsletter). Only
 * `confirmed` rows are subscribers. The confirmation link's token is stored as its SHA-256
 * and cleared when used. An unsubscribed row stays, so asking again starts a new opt-in.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased. */
    email: text('email').notNull(),
    status: text('status').notNull().default('pending'),
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key').on(t.email),
    uniqueIndex('newsletter_subscribers_confirm_token_key').on(t.confirmTokenHash),
    check('newsletter_subscribers_status_check', sql`${t.status} IN ('pending', 'confirmed', 'unsubscribed')`),
    // The send job walks confirmed subscribers in id order.
    index('newsletter_subscribers_confirmed_idx').on(t.id).where(sql`${t.status} = 'confirmed'`),
  ],
);

/**
 * One newsletter an admin sent. `total` is the number of confirmed subscribers when it was
 * sent; those confirmed later do not get it. `finished_at` is set by the batch that found
 * nobody left.
 */
export const newsletters = pgTable('newsletters', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  /** Sanitised rich text (api/lib/sanitize.ts), or NULL for a plain-text newsletter. */
  html: text('html'),
  total: integer('total').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * One row per newsletter and subscriber, written in the transaction that queues that mail:
 * the unique pair is what keeps a retried batch from mailing anyone twice. `skipped` marks a
 * subscriber who left before their batch ran. Each mail's unsubscribe link carries its own
 * token, stored here as its SHA-256.
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    newsletterId: integer('newsletter_id')
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    /** NULL once the subscriber's row is deleted (the delivery still counts for progress). */
    subscriberId: integer('subscriber_id').references(() => newsletterSubscribers.id, { onDelete: 'set null' }),
    unsubscribeTokenHash: text('unsubscribe_token_hash'),
    skipped: boolean('skipped').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_deliveries_pair_key').on(t.newsletterId, t.subscriberId),
    uniqueIndex('newsletter_deliveries_unsubscribe_key').on(t.unsubscribeTokenHash),
  ],
);
