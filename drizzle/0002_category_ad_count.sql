ALTER TABLE "categories" ADD COLUMN "ad_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- categories.ad_count is kept exact by statement-level triggers on ads, so page totals and
-- the category list read ~10 rows instead of counting every ad. One UPDATE per statement
-- (a bulk insert of 5,000 ads costs one), category rows locked in id order so concurrent
-- statements touching several categories cannot deadlock.
CREATE FUNCTION "apply_category_ad_deltas"(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "categories"
    WHERE "id" IN (SELECT (key)::integer FROM jsonb_each_text(deltas))
    ORDER BY "id" FOR UPDATE;
  UPDATE "categories" AS c SET "ad_count" = c."ad_count" + (d.value)::integer
    FROM jsonb_each_text(deltas) AS d
    WHERE c."id" = (d.key)::integer AND (d.value)::integer <> 0;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ads_count_after_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  -- Each branch reads only the transition tables its trigger declares.
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_object_agg(category_id, n) INTO deltas
      FROM (SELECT category_id, count(*) AS n FROM new_ads GROUP BY category_id) AS x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_object_agg(category_id, -n) INTO deltas
      FROM (SELECT category_id, count(*) AS n FROM old_ads GROUP BY category_id) AS x;
  ELSE
    -- Only ads that moved to another category change a count.
    SELECT jsonb_object_agg(category_id, n) INTO deltas FROM (
      SELECT category_id, sum(d) AS n FROM (
        SELECT n.category_id, 1 AS d FROM new_ads AS n JOIN old_ads AS o USING ("id")
          WHERE n.category_id <> o.category_id
        UNION ALL
        SELECT o.category_id, -1 FROM new_ads AS n JOIN old_ads AS o USING ("id")
          WHERE n.category_id <> o.category_id
      ) AS moved GROUP BY category_id) AS x;
  END IF;
  IF deltas IS NOT NULL THEN
    PERFORM "apply_category_ad_deltas"(deltas);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ads_count_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "categories" SET "ad_count" = 0 WHERE "ad_count" <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ads_count_insert" AFTER INSERT ON "ads" REFERENCING NEW TABLE AS new_ads
  FOR EACH STATEMENT EXECUTE FUNCTION "ads_count_after_change"();
--> statement-breakpoint
CREATE TRIGGER "ads_count_delete" AFTER DELETE ON "ads" REFERENCING OLD TABLE AS old_ads
  FOR EACH STATEMENT EXECUTE FUNCTION "ads_count_after_change"();
--> statement-breakpoint
CREATE TRIGGER "ads_count_update" AFTER UPDATE ON "ads" REFERENCING OLD TABLE AS old_ads NEW TABLE AS new_ads
  FOR EACH STATEMENT EXECUTE FUNCTION "ads_count_after_change"();
--> statement-breakpoint
CREATE TRIGGER "ads_count_truncate" AFTER TRUNCATE ON "ads"
  FOR EACH STATEMENT EXECUTE FUNCTION "ads_count_after_truncate"();
--> statement-breakpoint
UPDATE "categories" AS c SET "ad_count" = (SELECT count(*) FROM "ads" AS a WHERE a."category_id" = c."id");
