import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { FRAUD_SIGNALS } from '../../constants/fraud.ts';
import { ads } from './catalog.ts';
import { sqlList } from './moderation.ts';
import { users } from './users.ts';

/**
 * One perceptual hash (64-bit pHash, decision 0033) per photo of an ad, written by the fraud
 * check. `band0`–`band3` are the hash's four 16-bit quarters, each indexed: two hashes within
 * 7 bits of each other have a quarter within 1 bit of each other, so the look-up asks each
 * index for 17 values and counts bits only on the few rows it finds.
 */
export const adPhotoHashes = pgTable(
  'ad_photo_hashes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adId: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    image: text('image').notNull(),
    hash: bigint('hash', { mode: 'bigint' }).notNull(),
    band0: integer('band0').notNull(),
    band1: integer('band1').notNull(),
    band2: integer('band2').notNull(),
    band3: integer('band3').notNull(),
  },
  (t) => [
    index('ad_photo_hashes_ad_idx').on(t.adId),
    index('ad_photo_hashes_band0_idx').on(t.band0),
    index('ad_photo_hashes_band1_idx').on(t.band1),
    index('ad_photo_hashes_band2_idx').on(t.band2),
    index('ad_photo_hashes_band3_idx').on(t.band3),
  ],
);

/**
 * An ad's text as the fraud check compares it (lower-case heading and description, first
 * TEXT_PRINT_CHARS characters), with its owner, under a trigram index: "the same text by
 * another account" is one indexed similarity query.
 */
export const adTextPrints = pgTable(
  'ad_text_prints',
  {
    adId: integer('ad_id')
      .primaryKey()
      .references(() => ads.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    body: text('body').notNull(),
  },
  (t) => [index('ad_text_prints_body_trgm_idx').using('gin', t.body.op('gin_trgm_ops'))],
);

/**
 * One fraud signal on an ad (docs/MODERATION.md, Fraud signals): which, the other account's ad
 * it matches (photo and text), the reason as moderators read it. `matchKey` tells one signal
 * of an ad from another ("ad:123", a phrase, or empty), unique per ad and signal, so a check
 * run again adds nothing twice and a dismissed flag stays dismissed: it is never raised again.
 */
export const fraudFlags = pgTable(
  'fraud_flags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adId: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    signal: text('signal', { enum: FRAUD_SIGNALS }).notNull(),
    matchedAdId: integer('matched_ad_id').references(() => ads.id, { onDelete: 'cascade' }),
    matchKey: text('match_key').notNull().default(''),
    reason: text('reason').notNull(),
    /** How close: bits apart for photos, trigram similarity for texts, the price's share of the median. */
    measure: real('measure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    dismissedBy: integer('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('fraud_flags_ad_signal_key').on(t.adId, t.signal, t.matchKey),
    index('fraud_flags_open_idx').on(t.adId).where(sql`${t.dismissedAt} IS NULL`),
    index('fraud_flags_matched_idx').on(t.matchedAdId),
    check('fraud_flags_signal_check', sql`${t.signal} IN (${sqlList(FRAUD_SIGNALS)})`),
  ],
);
