import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { AD_STATES, VISIBLE_STATES } from '../../constants/ad-states.ts';
import { places } from './places.ts';
import { users } from './users.ts';

/** `'active', 'reserved'` as SQL literals: partial-index predicates must be constants to match. */
export const VISIBLE_STATES_SQL = sql.raw(VISIBLE_STATES.map((s) => `'${s}'`).join(', '));
const ALL_STATES_SQL = sql.raw(AD_STATES.map((s) => `'${s}'`).join(', '));

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    image: text('image'),
    /**
     * How many ads are in the category, kept exact by statement-level triggers on ads
     * (drizzle/0002_category_ad_count.sql; locks since 0005_bounded_work.sql), so the totals on every page never count rows.
     */
    adCount: integer('ad_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('categories_slug_key').on(t.slug)],
);

export const ads = pgTable(
  'ads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    heading: text('heading').notNull(),
    /** Sanitised HTML (api/lib/sanitize.ts) — never stored raw. */
    description: text('description').notNull().default(''),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    // RESTRICT: a category with ads cannot be deleted (the service answers 409 first).
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    rating: smallint('rating').notNull(),
    location: text('location').notNull().default(''),
    /**
     * The gazetteer place the ad is at (near searches, city pages), beside the free-text
     * location; null when none was chosen or its text names no place.
     */
    placeId: integer('place_id').references(() => places.id, { onDelete: 'set null' }),
    /** Whether the place was looked up from the location text yet (attach-places.ts). */
    placeChecked: boolean('place_checked').notNull().default(false),
    /** Stored file name of the main image (without rendition suffix), or null. */
    image: text('image'),
    /** File names of gallery images, in order. */
    galleryImages: text('gallery_images').array().notNull().default(sql`'{}'::text[]`),
    /** Features as [{ id, value }]. */
    features: text('features').notNull().default('[]'),
    makeAsFeatured: text('make_as_featured', { enum: ['Y', 'N'] })
      .notNull()
      .default('N'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Where the ad is in its life (api/services/ads/ad-states.ts; docs/AD-STATES.md). Only
     * VISIBLE_STATES appear in public lists and category counts.
     */
    status: text('status', { enum: AD_STATES }).notNull().default('active'),
    /** The state an ad held for review (pending) returns to when a moderator approves it. */
    statusBeforePending: text('status_before_pending', { enum: AD_STATES }),
    /**
     * Why a pending ad is waiting for review: 'reports' (the report threshold),
     * 'banned-words' or 'new-account' (pre-moderation); null when not pending.
     */
    heldReason: text('held_reason'),
    /**
     * Its owner is banned: hidden from every public list and from the category counts (the
     * trigger skips such ads) whatever its state, until the owner is unbanned.
     */
    ownerBanned: boolean('owner_banned').notNull().default(false),
    /** When the current period started: first publication, then each renewal. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last renewal, null if never renewed. */
    renewedAt: timestamp('renewed_at', { withTimezone: true }),
    /**
     * The end of the period (its owner's plan days after publishedAt); the expiry job marks
     * the ad expired then, and public lists stop showing it at that moment already. The
     * default covers rows written without the create service (tests, imports).
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull().default(sql`now() + interval '30 days'`),
    /** When this period's reminder mail was queued; a renewal clears it. */
    expiryRemindedAt: timestamp('expiry_reminded_at', { withTimezone: true }),
    /** SHA-256 of the one-click renew link's token from the reminder mail; spent (null) on renewal. */
    renewTokenHash: text('renew_token_hash'),
    /** Full-text search document: heading (A), location (B), description text (C). */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('simple', coalesce(${ads.heading}, '')), 'A') || setweight(to_tsvector('simple', coalesce(${ads.location}, '')), 'B') || setweight(to_tsvector('simple', regexp_replace(coalesce(${ads.description}, ''), '<[^>]*>', ' ', 'g')), 'C')`,
      ),
  },
  (t) => [
    uniqueIndex('ads_slug_key').on(t.slug),
    index('ads_category_created_idx').on(t.categoryId, t.createdAt.desc()),
    index('ads_created_idx').on(t.createdAt.desc()),
    index('ads_price_idx').on(t.price),
    // Price ranges inside one category (a common filter) without scanning the category.
    index('ads_category_price_idx').on(t.categoryId, t.price),
    index('ads_user_created_idx').on(t.userId, t.createdAt),
    // The admin Advertisements list sorted by heading, case-insensitive (list-my-ads.ts).
    index('ads_heading_lower_idx').on(sql`lower(${t.heading})`, t.id),
    // No pending list (fastupdate): every search would read it whole (drizzle/0017).
    index('ads_search_idx').using('gin', t.search).with({ fastupdate: false }),
    // The public list, search, related ads and the sitemap read only visible ads, which
    // become a minority of rows as expired and sold ads pile up: partial indexes keep those
    // reads walking visible ads only (their WHERE is publicAdWhere's status test, word for word).
    index('ads_visible_created_idx')
      .on(t.createdAt.desc(), t.id.desc().nullsFirst())
      .where(sql`${t.status} IN (${VISIBLE_STATES_SQL})`),
    index('ads_visible_category_created_idx')
      .on(t.categoryId, t.createdAt.desc(), t.id.desc().nullsFirst())
      .where(sql`${t.status} IN (${VISIBLE_STATES_SQL})`),
    index('ads_visible_price_idx').on(t.price, t.id).where(sql`${t.status} IN (${VISIBLE_STATES_SQL})`),
    index('ads_visible_category_price_idx')
      .on(t.categoryId, t.price, t.id)
      .where(sql`${t.status} IN (${VISIBLE_STATES_SQL})`),
    index('ads_place_idx').on(t.placeId).where(sql`${t.placeId} IS NOT NULL`),
    index('ads_place_unchecked_idx').on(t.id).where(sql`NOT ${t.placeChecked}`),
    index('ads_visible_id_idx').on(t.id).where(sql`${t.status} IN (${VISIBLE_STATES_SQL})`),
    // The expiry job's two reads: ads still on offer whose period ends soon or has ended.
    index('ads_expiry_idx').on(t.expiresAt).where(sql`${t.status} IN ('active', 'reserved', 'paused')`),
    uniqueIndex('ads_renew_token_key').on(t.renewTokenHash).where(sql`${t.renewTokenHash} IS NOT NULL`),
    check('ads_status_check', sql`${t.status} IN (${ALL_STATES_SQL})`),
    check(
      'ads_status_before_pending_check',
      sql`${t.statusBeforePending} IS NULL OR ${t.statusBeforePending} IN (${ALL_STATES_SQL})`,
    ),
    check('ads_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    check('ads_price_check', sql`${t.price} >= 0`),
    check('ads_featured_check', sql`${t.makeAsFeatured} IN ('Y', 'N')`),
  ],
);

/**
 * Slugs an ad had before its heading changed (docs/RULES.md, Slugs): an old link answers 301
 * to the current address, and no other ad may take one of these slugs.
 */
export const adSlugs = pgTable(
  'ad_slugs',
  {
    slug: text('slug').primaryKey(),
    adId: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_slugs_ad_idx').on(t.adId)],
);

/** Slugs a category had before an admin changed it: old category links answer 301. */
export const categorySlugs = pgTable(
  'category_slugs',
  {
    slug: text('slug').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('category_slugs_category_idx').on(t.categoryId)],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    adId: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wishlist_items_user_ad_key').on(t.userId, t.adId), index('wishlist_items_ad_idx').on(t.adId)],
);
