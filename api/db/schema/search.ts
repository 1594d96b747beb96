import { index, pgTable, text } from 'drizzle-orm/pg-core';

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
  (t) => [index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);
