import { type SQL, sql } from 'drizzle-orm';
import {
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
import { users } from './users.ts';

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
    index('ads_search_idx').using('gin', t.search),
    check('ads_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    check('ads_price_check', sql`${t.price} >= 0`),
    check('ads_featured_check', sql`${t.makeAsFeatured} IN ('Y', 'N')`),
  ],
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
