-- Near searches in the narrow search table (issue "Find it near you"): the document its GIN
-- index holds for an ad gains a fourth key no search term can produce, '#l<place id>', the
-- ad's place (none when it has no place). A search with words near a place then asks the index
-- for its words and any of the places within its radius at once, as it does for a category,
-- instead of reading the wide ads rows of every place in the radius.
-- The function keeps its signature (the index expression and every statement name it so); it
-- reads the place from the ads row it already reads for the ad's own words.
CREATE OR REPLACE FUNCTION "ad_search_document"(ad integer, category integer, price numeric, created timestamp with time zone)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT a."search" || array_to_tsvector(array_remove(ARRAY[
    '#c' || category,
    '#p' || width_bucket(price, '{1,1.5,2,3,5,7,10,15,20,30,50,70,100,150,200,300,500,700,1000,1500,2000,3000,5000,7000,10000,15000,20000,30000,50000,70000,100000,150000,200000,300000,500000,700000,1000000,1500000,2000000,3000000,5000000,7000000,10000000,15000000,20000000,30000000,50000000,70000000,100000000,150000000,200000000,300000000,500000000,700000000,1000000000}'::numeric[]),
    '#w' || floor(extract(epoch FROM created) / 604800),
    '#l' || a."place_id"
  ], NULL)) FROM "public"."ads" AS a WHERE a."id" = ad $$;
--> statement-breakpoint
-- An ad whose place changes gets its row replaced (delete, then insert), as for its words,
-- category, price or creation time: the index entry is never left with the old place.
CREATE OR REPLACE FUNCTION "ad_search_after_ads_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "ad_search" AS s USING old_ads AS o JOIN new_ads AS n USING ("id")
      WHERE s."ad_id" = o."id"
        AND (o."status", o."owner_banned", o."category_id", o."price", o."created_at", o."expires_at", o."search", o."place_id")
          IS DISTINCT FROM (n."status", n."owner_banned", n."category_id", n."price", n."created_at", n."expires_at", n."search", n."place_id");
    INSERT INTO "ad_search" ("ad_id", "category_id", "price", "created_at", "expires_at")
      SELECT n."id", n."category_id", n."price", n."created_at", n."expires_at"
        FROM old_ads AS o JOIN new_ads AS n USING ("id")
        WHERE n."status" IN ('active', 'reserved') AND NOT n."owner_banned"
          AND (o."status", o."owner_banned", o."category_id", o."price", o."created_at", o."expires_at", o."search", o."place_id")
            IS DISTINCT FROM (n."status", n."owner_banned", n."category_id", n."price", n."created_at", n."expires_at", n."search", n."place_id")
        ORDER BY n."id";
  ELSE
    INSERT INTO "ad_search" ("ad_id", "category_id", "price", "created_at", "expires_at")
      SELECT "id", "category_id", "price", "created_at", "expires_at" FROM new_ads
        WHERE "status" IN ('active', 'reserved') AND NOT "owner_banned"
        ORDER BY "id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The index built again, so the rows already there carry their place's key (one build over the
-- rows, as drizzle/0019 made it; each partition gets its own).
DROP INDEX "ad_search_document_idx";
--> statement-breakpoint
CREATE INDEX "ad_search_document_idx" ON "ad_search" USING gin (ad_search_document("ad_id", "category_id", "price", "created_at")) WITH (fastupdate = false);
