import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Abuse-limit counters (api/middleware/rate-limit.ts) on PostgreSQL, shared by every server
 * process on the same database: the layout rate-limiter-flexible's RateLimiterDrizzle reads
 * and writes (key = "<limit name>:<address or email>").
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

/**
 * Answers to creates sent with an `Idempotency-Key` header (api/middleware/idempotency.ts):
 * a retry with the same key and scope gets the stored answer instead of a second record.
 * `scope` is who sent it ("user:<id>", or "ip:<address>" for signed-out creates) so one
 * caller's key never collides with another's. A row without `status` is a request still
 * running; rows older than a day are swept.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /**
     * SHA-256 of method and path, then "." and the claiming request's random owner id: the same
     * key on another route is refused, and a request only ever answers or releases its own claim.
     */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * One row per running server or jobs process on PostgreSQL, beating every few seconds
 * (api/lib/process-liveness.ts): a claim a dead process left (an Idempotency-Key in progress)
 * is released as soon as its process stops beating.
 */
export const processHeartbeats = pgTable('process_heartbeats', {
  processId: text('process_id').primaryKey(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
});
