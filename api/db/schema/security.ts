import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
