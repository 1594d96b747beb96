import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ROLES, SUBSCRIPTIONS } from '../../constants/users.ts';

export type { TRole, TSubscription } from '../../constants/users.ts';
// Server code has long imported these from here; the browser imports the constants module.
export { ROLES, SUBSCRIPTIONS };

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    // Always stored lower-case; the unique index is on the stored value.
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('customer'),
    subscription: text('subscription', { enum: SUBSCRIPTIONS }).notNull().default('free'),
    /** Mail me when someone sends me a message (throttled; api/services/messages). */
    messageMails: boolean('message_mails').notNull().default(true),
    /** Mail me when a saved search finds new ads (the account page's preference). */
    alertMails: boolean('alert_mails').notNull().default(true),
    /** Private contact number for the site's team (plan requests); never shown publicly. */
    phone: text('phone').notNull().default(''),
    /** When the address was confirmed through the sign-up mail's link; null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Set while a moderator has banned the account: no sign-in, no sessions, ads hidden. */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    banReason: text('ban_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_role_idx').on(t.role),
    check('users_role_check', sql`${t.role} IN ('admin', 'customer')`),
    check('users_subscription_check', sql`${t.subscription} IN ('free', 'gold', 'platinum')`),
  ],
);

/** Lucia's guide: the id is the SHA-256 (hex) of the token; the token itself is never stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent at sign-in (cut to 512 characters), for the account's session list. */
    userAgent: text('user_agent').notNull().default(''),
    /** Last request seen with this session, written at most every few minutes (api/auth/session.ts). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** Single-use password-reset tokens, stored hashed like sessions. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/**
 * A change of email waiting for its confirmation link (api/services/account): the id is the
 * SHA-256 of the mailed token, so the table cannot be replayed; used once, then deleted.
 */
export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The new address, lower-case. */
    newEmail: text('new_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_change_tokens_user_id_idx').on(t.userId)],
);

/** The sign-up mail's verification link: the id is the SHA-256 of the mailed token, used once. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_verification_tokens_user_id_idx').on(t.userId)],
);
