import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ads } from './catalog.ts';

/**
 * The catalogue's vocabulary: every word of the ads' search documents (heading, location,
 * description), 3 to 32 characters, not pure digits, no punctuation. Filled by triggers on ads
 * (drizzle/0013_search_words.sql) and never pruned; the "Did you mean …?" suggestion looks
 * up the closest words by trigram similarity (pg_trgm) and then checks that a visible ad
 * still has the word before offering it.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [
    index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
    // "Is some word starting with this one?" (LIKE 'tea%') walks a range of this index, whatever
    // the database's collation; the primary key serves it only under "C" (drizzle/0018).
    index('search_words_prefix_idx').on(t.word.op('text_pattern_ops')),
  ],
);

/**
 * The narrow copy of every public ad that search counts and sorts (api/services/search/list-ads.ts):
 * one row of a few fixed-width columns per ad that is active or reserved and whose owner is not
 * banned, kept by a trigger on ads (drizzle/0016_ad_search.sql). Its GIN index holds the ad's
 * search document plus keys for its category, price bucket and week, read through
 * `ad_search_document(ad_id, category_id, price, created_at)`, so
 * counting and sorting the matches of a common word visit these rows (about 60 bytes each)
 * instead of the ads' wide ones. The trigger replaces a row (delete, then insert) whenever the
 * ad's document, category, price or creation time changes, so the index is never stale.
 *
 * Partitioned by category, one partition each (drizzle/0019_ad_search_by_category.sql, made
 * when the category is), so each has its own, smaller GIN index: a search in one category
 * reads only that category's, and a search in all of them that collects up to the count cap
 * stops in the first partitions that hold enough matches instead of building the bitmap of
 * every match.
 */
export const adSearch = pgTable(
  'ad_search',
  {
    adId: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Partitioned by category (drizzle/0019): the key must be part of the primary key.
    primaryKey({ name: 'ad_search_pkey', columns: [t.categoryId, t.adId] }),
    index('ad_search_ad_id_idx').on(t.adId),
    // No pending list (fastupdate): every search would read it whole (drizzle/0017).
    index('ad_search_document_idx')
      .using('gin', sql`ad_search_document(${t.adId}, ${t.categoryId}, ${t.price}, ${t.createdAt})`)
      .with({ fastupdate: false }),
  ],
);
