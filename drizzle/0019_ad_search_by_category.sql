-- The narrow search table, partitioned by category: one partition per category, each with its own
-- GIN index (a partition of ad_search_document_idx), and a default partition for a category that
-- has none yet. At a million ads one GIN index made every search build the bitmap of every ad
-- holding its words: 10-30 ms for a common word, even when the search wanted one category, or
-- only the first 1,001 matches to say "1,000+". Now a search in one category reads only that
-- category's index (the partition is chosen while the statement runs, from the category's id),
-- and a search in all categories that stops at the count cap reads the partitions one after
-- another and stops in the first ones that hold enough matches (api/services/ads/narrow-search.ts).
--
-- A category's partition is made when the category is (the trigger at the end). A deleted
-- category keeps its empty partition: its ads are gone first (ads refer to it, RESTRICT).
CREATE FUNCTION "ad_search_add_partition"(category integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF "ad_search" FOR VALUES IN (%s)',
    'ad_search_c' || category, category);
END $$;
--> statement-breakpoint
ALTER TABLE "ad_search" RENAME TO "ad_search_unpartitioned";--> statement-breakpoint
ALTER INDEX "ad_search_pkey" RENAME TO "ad_search_unpartitioned_pkey";--> statement-breakpoint
ALTER INDEX "ad_search_document_idx" RENAME TO "ad_search_unpartitioned_document_idx";--> statement-breakpoint
CREATE TABLE "ad_search" (
	"ad_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ad_search_pkey" PRIMARY KEY ("category_id", "ad_id")
) PARTITION BY LIST ("category_id");
--> statement-breakpoint
CREATE TABLE "ad_search_other" PARTITION OF "ad_search" DEFAULT;--> statement-breakpoint
SELECT "ad_search_add_partition"("id") FROM "categories";--> statement-breakpoint
INSERT INTO "ad_search" SELECT "ad_id", "category_id", "price", "created_at", "expires_at" FROM "ad_search_unpartitioned"
  ORDER BY "ad_id";--> statement-breakpoint
DROP TABLE "ad_search_unpartitioned";--> statement-breakpoint
ALTER TABLE "ad_search" ADD CONSTRAINT "ad_search_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The trigger on ads removes an ad's row by its id, whatever its category.
CREATE INDEX "ad_search_ad_id_idx" ON "ad_search" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "ad_search_document_idx" ON "ad_search" USING gin (ad_search_document("ad_id", "category_id", "price", "created_at")) WITH (fastupdate = false);--> statement-breakpoint
CREATE FUNCTION "ad_search_partition_for_category"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ad_search_add_partition"(NEW."id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "categories_ad_search_partition" AFTER INSERT ON "categories"
  FOR EACH ROW EXECUTE FUNCTION "ad_search_partition_for_category"();
