-- Ads with a place (issue "Find it near you"): an ad may name a gazetteer place beside its
-- free-text location. The places table gains each place's admin1 code ("TX"), so "Austin, TX"
-- finds Austin, Texas; its rows are emptied here and loaded again with the codes after the
-- migrations (api/services/places/load-places.ts), before any ad can point at one.
ALTER TABLE "places" ADD COLUMN IF NOT EXISTS "region_code" text;
--> statement-breakpoint
DELETE FROM "places";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "places_position_idx" ON "places" ("latitude", "longitude");
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN IF NOT EXISTS "place_id" integer REFERENCES "places"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- A near search finds the ads of the places within its radius through this index.
CREATE INDEX IF NOT EXISTS "ads_place_idx" ON "ads" ("place_id") WHERE "place_id" IS NOT NULL;
--> statement-breakpoint
-- The ads whose place has not been looked up yet (attach-places.ts), so the lookup after each
-- start reads only them.
ALTER TABLE "ads" ADD COLUMN IF NOT EXISTS "place_checked" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ads_place_unchecked_idx" ON "ads" ("id") WHERE NOT "place_checked";
