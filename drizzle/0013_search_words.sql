-- Trigram matching for the "Did you mean …?" suggestion (api/services/ads/suggest-search.ts).
-- PostgreSQL ships pg_trgm as a trusted extension (managed services allow it); PGlite loads it
-- from @electric-sql/pglite/contrib/pg_trgm (api/db/client.ts, pgliteOptions).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The vocabulary (whole words only: no digits-only or punctuated tokens such as 'like-new',
-- whose parts are words of their own) follows the ads: a statement-level trigger adds the new words of inserted ads
-- and of ads whose search document changed (one INSERT per statement, in word order so two
-- statements adding the same new words cannot deadlock). Words are never removed: the
-- suggestion checks that a visible ad still has a word before offering it.
CREATE FUNCTION "search_words_after_ads_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "search_words" ("word")
      SELECT DISTINCT w FROM new_ads, unnest(tsvector_to_array(new_ads."search")) AS w
        WHERE length(w) BETWEEN 3 AND 32 AND w !~ '^[0-9]+$' AND w !~ '[[:punct:][:space:]]'
        ORDER BY w
      ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO "search_words" ("word")
      SELECT DISTINCT w FROM new_ads AS n JOIN old_ads AS o USING ("id"), unnest(tsvector_to_array(n."search")) AS w
        WHERE n."search" IS DISTINCT FROM o."search" AND length(w) BETWEEN 3 AND 32 AND w !~ '^[0-9]+$' AND w !~ '[[:punct:][:space:]]'
        ORDER BY w
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ads_search_words_insert" AFTER INSERT ON "ads" REFERENCING NEW TABLE AS new_ads
  FOR EACH STATEMENT EXECUTE FUNCTION "search_words_after_ads_change"();
--> statement-breakpoint
CREATE TRIGGER "ads_search_words_update" AFTER UPDATE ON "ads" REFERENCING OLD TABLE AS old_ads NEW TABLE AS new_ads
  FOR EACH STATEMENT EXECUTE FUNCTION "search_words_after_ads_change"();
--> statement-breakpoint
-- The words of the ads already there.
INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM "ads", unnest(tsvector_to_array("ads"."search")) AS w
    WHERE length(w) BETWEEN 3 AND 32 AND w !~ '^[0-9]+$' AND w !~ '[[:punct:][:space:]]'
  ON CONFLICT DO NOTHING;
