import { type SQL, sql } from 'drizzle-orm';
import {
  check,
  customType,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ALERT_FREQUENCIES } from '../../constants/saved-searches.ts';
import { ads, categories } from './catalog.ts';
import { users } from './users.ts';

const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });

/**
 * A user's saved search of the ad list (api/services/saved-searches). The words are kept as
 * typed (for the link back to the list) and as the tsquery the ad list would build from
 * them, so the matching job compares ads against every search without parsing anything.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    search: text('search').notNull().default(''),
    /** The ad list's tsquery for `search` (searchTerms + tsquery, search-text.ts); null when no words. */
    query: tsquery('query'),
    /**
     * The query's first lexeme, which every matching ad's document has (or starts with, for
     * the prefix term): the matching job finds candidate searches for an ad through it, by
     * index, instead of testing every search against every ad.
     */
    keyTerm: text('key_term').generatedAlwaysAs(
      (): SQL => sql`(regexp_match(${savedSearches.query}::text, '''((?:[^'']|'''')+)'''))[1]`,
    ),
    // A search of a category that is deleted goes with it: it could never match again.
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    minPrice: numeric('min_price', { precision: 12, scale: 2, mode: 'number' }),
    maxPrice: numeric('max_price', { precision: 12, scale: 2, mode: 'number' }),
    sort: text('sort').notNull().default(''),
    /** A near search: `near` as given (a place id or "lat,lon", '' for none), its position and radius. */
    near: text('near').notNull().default(''),
    nearLat: doublePrecision('near_lat'),
    nearLon: doublePrecision('near_lon'),
    radiusKm: doublePrecision('radius_km'),
    frequency: text('frequency', { enum: ALERT_FREQUENCIES }).notNull().default('instant'),
    /** When its owner last opened it: the matches since are "new since your last visit". */
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    /** The secret of the one-click unsubscribe link of its alert mails. */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.id),
    index('saved_searches_key_term_idx').on(t.keyTerm),
    // Searches without words are found through the ad's category.
    index('saved_searches_category_idx').on(t.categoryId).where(sql`${t.keyTerm} IS NULL`),
    uniqueIndex('saved_searches_unsubscribe_token_key').on(t.unsubscribeToken),
    check('saved_searches_frequency_check', sql`${t.frequency} IN ('instant', 'daily', 'off')`),
  ],
);

/**
 * Which ads each saved search has found. The pair is unique, so an ad is found (and mailed)
 * once per search however often the matching job sees it.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    adId: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the alert listing it was queued. Also set when it matched while the search's
     * alerts were off (frequency off, or the owner's alert mails off): switching them on later
     * then does not mail finds that are old by then.
     */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.adId] }),
    index('saved_search_matches_ad_idx').on(t.adId),
    // The alert jobs read only what is still to be mailed.
    index('saved_search_matches_unmailed_idx').on(t.savedSearchId).where(sql`${t.mailedAt} IS NULL`),
  ],
);

/**
 * Where the matching job has got to (one row): the last ad it matched, by the time of its
 * last change and id. Each run takes the visible ads after it (less a grace period for
 * transactions still committing) in batches.
 */
export const savedSearchWatermark = pgTable(
  'saved_search_watermark',
  {
    id: smallint('id').primaryKey().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    adId: integer('ad_id').notNull().default(0),
  },
  (t) => [check('saved_search_watermark_one_row', sql`${t.id} = 1`)],
);
