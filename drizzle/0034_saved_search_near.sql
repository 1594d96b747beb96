-- Saved searches keep a near search (issue "Find it near you"): the near value as given (a
-- place id or "lat,lon"), the position it names and the radius; alerts match only ads whose
-- place lies within it.
ALTER TABLE "saved_searches" ADD COLUMN IF NOT EXISTS "near" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN IF NOT EXISTS "near_lat" double precision;
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN IF NOT EXISTS "near_lon" double precision;
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN IF NOT EXISTS "radius_km" double precision;
