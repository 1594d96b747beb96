ALTER TABLE "ads" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "status_before_pending" text;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "published_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "renewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '30 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "expiry_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "renew_token_hash" text;--> statement-breakpoint
ALTER TABLE "membership_plans" ADD COLUMN "expiry_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
CREATE INDEX "ads_visible_created_idx" ON "ads" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "ads"."status" IN ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "ads_visible_category_created_idx" ON "ads" USING btree ("category_id","created_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "ads"."status" IN ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "ads_visible_price_idx" ON "ads" USING btree ("price","id") WHERE "ads"."status" IN ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "ads_visible_category_price_idx" ON "ads" USING btree ("category_id","price","id") WHERE "ads"."status" IN ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "ads_visible_id_idx" ON "ads" USING btree ("id") WHERE "ads"."status" IN ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "ads_expiry_idx" ON "ads" USING btree ("expires_at") WHERE "ads"."status" IN ('active', 'reserved', 'paused');--> statement-breakpoint
CREATE UNIQUE INDEX "ads_renew_token_key" ON "ads" USING btree ("renew_token_hash") WHERE "ads"."renew_token_hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_status_check" CHECK ("ads"."status" IN ('active', 'reserved', 'sold', 'paused', 'expired', 'pending', 'removed'));--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_status_before_pending_check" CHECK ("ads"."status_before_pending" IS NULL OR "ads"."status_before_pending" IN ('active', 'reserved', 'sold', 'paused', 'expired', 'pending', 'removed'));--> statement-breakpoint
-- Plans gain how long their members' ads stay up: the defaults by plan name, 30 days otherwise.
UPDATE "membership_plans" SET "expiry_days" = CASE lower("plan_name") WHEN 'gold' THEN 60 WHEN 'platinum' THEN 90 ELSE 30 END;
--> statement-breakpoint
-- Existing ads become active with a period from their owner's plan, counted from when they
-- were posted. An ad older than that gets 14 to 27 more days from this upgrade instead of
-- vanishing the moment it runs, spread by id so their reminder mails and expiries do not all
-- arrive on one day (docs/AD-STATES.md, Expiry).
UPDATE "ads" AS a SET
  "published_at" = a."created_at",
  "expires_at" = greatest(
    a."created_at" + make_interval(days => p."days"),
    now() + make_interval(days => 14 + a."id" % 14))
FROM (
  SELECT u."id", coalesce(
    (SELECT m."expiry_days" FROM "membership_plans" AS m WHERE lower(m."plan_name") = u."subscription" ORDER BY m."id" LIMIT 1),
    CASE u."subscription" WHEN 'gold' THEN 60 WHEN 'platinum' THEN 90 ELSE 30 END) AS "days"
  FROM "users" AS u
) AS p
WHERE p."id" = a."user_id";
--> statement-breakpoint
-- categories.ad_count now counts only the ads the public sees (status active or reserved),
-- so page totals and category counts match the lists. A change of state moves the count
-- like a change of category does; everything else about the trigger (one UPDATE per
-- statement, category rows locked FOR NO KEY UPDATE in id order) is as in 0005.
CREATE OR REPLACE FUNCTION "ads_count_after_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_object_agg(category_id, n) INTO deltas
      FROM (SELECT category_id, count(*) AS n FROM new_ads
              WHERE status IN ('active', 'reserved') GROUP BY category_id) AS x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_object_agg(category_id, -n) INTO deltas
      FROM (SELECT category_id, count(*) AS n FROM old_ads
              WHERE status IN ('active', 'reserved') GROUP BY category_id) AS x;
  ELSE
    -- An ad counts +1 where it is visible now and -1 where it was visible before, unless it
    -- was and is visible in the same category.
    SELECT jsonb_object_agg(category_id, n) INTO deltas FROM (
      SELECT category_id, sum(d) AS n FROM (
        SELECT n.category_id, 1 AS d FROM new_ads AS n JOIN old_ads AS o USING ("id")
          WHERE n.status IN ('active', 'reserved')
            AND (o.status NOT IN ('active', 'reserved') OR n.category_id <> o.category_id)
        UNION ALL
        SELECT o.category_id, -1 FROM new_ads AS n JOIN old_ads AS o USING ("id")
          WHERE o.status IN ('active', 'reserved')
            AND (n.status NOT IN ('active', 'reserved') OR n.category_id <> o.category_id)
      ) AS moved GROUP BY category_id) AS x;
  END IF;
  IF deltas IS NOT NULL THEN
    PERFORM "apply_category_ad_deltas"(deltas);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE "categories" AS c SET "ad_count" = (
  SELECT count(*) FROM "ads" AS a WHERE a."category_id" = c."id" AND a."status" IN ('active', 'reserved'));
