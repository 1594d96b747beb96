import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, AUDIT_TARGETS, REPORT_REASONS } from '../../constants/moderation.ts';
import { ads } from './catalog.ts';
import { users } from './users.ts';

/** A list of constant strings as SQL literals, for the CHECK constraints of fixed values. */
export const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A visitor's report of an ad (docs/MODERATION.md). `reporterKey` is who reported it,
 * "user:<id>" or "ip:<hash of the address>", so each person counts once per ad while the
 * report is open; a dismissed or decided report no longer counts and frees the key.
 */
export const adReports = pgTable(
  'ad_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adId: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reporterKey: text('reporter_key').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    /** SHA-256 of the address the report came from: several reports from one address count once. */
    addressKey: text('address_key'),
    /**
     * Whether it counts toward the automatic hold: sent by a verified account at least the
     * moderation settings' minimum age. Others still reach the queue, hiding nothing.
     */
    counts: boolean('counts').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a moderator dealt with it: approve, remove or dismiss. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ad_reports_open_reporter_key').on(t.adId, t.reporterKey).where(sql`${t.resolvedAt} IS NULL`),
    index('ad_reports_open_idx').on(t.adId).where(sql`${t.resolvedAt} IS NULL`),
    check('ad_reports_reason_check', sql`${t.reason} IN (${sqlList(REPORT_REASONS)})`),
  ],
);

/**
 * Every moderator action: who (kept by name after the account is gone), what, on which
 * ad, user or conversation, when and why. Rows are only ever added.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGETS }).notNull(),
    targetId: integer('target_id').notNull(),
    /** The ad's heading or the user's name at the time, so the log reads well later. */
    targetLabel: text('target_label').notNull().default(''),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('audit_log_action_check', sql`${t.action} IN (${sqlList(AUDIT_ACTIONS)})`),
  ],
);
