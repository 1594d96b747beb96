-- The narrow search table (api/db/schema/search.ts): the fixed-width columns that search filters
-- and sorts on, one row per public ad. At a million ads the wide ads rows (about 1.1 kB each)
-- made counting or sorting a common word's matches read tens of thousands of pages that do not
-- fit in memory; these rows take about 60 bytes.
CREATE TABLE "ad_search" (
	"ad_id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_search" ADD CONSTRAINT "ad_search_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What the GIN index holds for a row: the ad's own search document (read from ads, so it is not
-- stored twice) and three keys no search term can produce (terms are letters and digits only,
-- searchTerms, and a prefix term never starts with '#'):
--   '#c<id>'     its category;
--   '#p<bucket>' its price's bucket: width_bucket over 1, 1.5, 2, 3, 5, 7 in each power of ten
--                (PRICE_BOUNDS in api/services/ads/narrow-search.ts, which must list the same);
--   '#w<week>'   the week it was created (whole weeks since 1970).
-- A price range or "created since" then narrows the matches inside the index, before any row
-- is read: the page of a sort is found among the few matches past a known threshold.
--
-- Declared IMMUTABLE because an index expression must be, although it reads ads: the index stays
-- true because the trigger below deletes and re-inserts an ad's row whenever its document,
-- category, price or creation time changes (never an in-place update, which could keep the old
-- index entry), and a bitmap recheck evaluates the current document. The table name is
-- schema-qualified so a restore (pg_dump runs with an empty search_path) builds the same index.
CREATE FUNCTION "ad_search_document"(ad integer, category integer, price numeric, created timestamp with time zone)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT a."search" || array_to_tsvector(ARRAY[
    '#c' || category,
    '#p' || width_bucket(price, '{1,1.5,2,3,5,7,10,15,20,30,50,70,100,150,200,300,500,700,1000,1500,2000,3000,5000,7000,10000,15000,20000,30000,50000,70000,100000,150000,200000,300000,500000,700000,1000000,1500000,2000000,3000000,5000000,7000000,10000000,15000000,20000000,30000000,50000000,70000000,100000000,150000000,200000000,300000000,500000000,700000000,1000000000}'::numeric[]),
    '#w' || floor(extract(epoch FROM created) / 604800)
  ]) FROM "public"."ads" AS a WHERE a."id" = ad $$;
--> statement-breakpoint
-- The rows follow the ads, one statement at a time: an ad is in the table while it is active or
-- reserved and its owner is not banned (api/services/ads/public-ad-filter.ts; its period's end is
-- tested at search time, expires_at). Deleted ads leave through the foreign key.
CREATE FUNCTION "ad_search_after_ads_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "ad_search" AS s USING old_ads AS o JOIN new_ads AS n USING ("id")
      WHERE s."ad_id" = o."id"
        AND (o."status", o."owner_banned", o."category_id", o."price", o."created_at", o."expires_at", o."search")
          IS DISTINCT FROM (n."status", n."owner_banned", n."category_id", n."price", n."created_at", n."expires_at", n."search");
    INSERT INTO "ad_search" ("ad_id", "category_id", "price", "created_at", "expires_at")
      SELECT n."id", n."category_id", n."price", n."created_at", n."expires_at"
        FROM old_ads AS o JOIN new_ads AS n USING ("id")
        WHERE n."status" IN ('active', 'reserved') AND NOT n."owner_banned"
          AND (o."status", o."owner_banned", o."category_id", o."price", o."created_at", o."expires_at", o."search")
            IS DISTINCT FROM (n."status", n."owner_banned", n."category_id", n."price", n."created_at", n."expires_at", n."search")
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
CREATE TRIGGER "ads_ad_search_insert" AFTER INSERT ON "ads" REFERENCING NEW TABLE AS new_ads
  FOR EACH STATEMENT EXECUTE FUNCTION "ad_search_after_ads_change"();
--> statement-breakpoint
CREATE TRIGGER "ads_ad_search_update" AFTER UPDATE ON "ads" REFERENCING OLD TABLE AS old_ads NEW TABLE AS new_ads
  FOR EACH STATEMENT EXECUTE FUNCTION "ad_search_after_ads_change"();
--> statement-breakpoint
-- The public ads already there.
INSERT INTO "ad_search" ("ad_id", "category_id", "price", "created_at", "expires_at")
  SELECT "id", "category_id", "price", "created_at", "expires_at" FROM "ads"
    WHERE "status" IN ('active', 'reserved') AND NOT "owner_banned"
    ORDER BY "id";
--> statement-breakpoint
-- The index last: one build over the rows is quicker than a million inserts into it.
CREATE INDEX "ad_search_document_idx" ON "ad_search" USING gin (ad_search_document("ad_id", "category_id", "price", "created_at"));
