CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
ALTER TABLE "membership_plans" ADD COLUMN "includes_featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
-- Paid plans of an existing site include featured placement, as the plans page sells it.
UPDATE "membership_plans" SET "includes_featured" = true WHERE lower("plan_name") IN ('gold', 'platinum');
--> statement-breakpoint
-- The category counter locks the category rows FOR NO KEY UPDATE, not FOR UPDATE: every
-- concurrent insert of an ad holds a FOR KEY SHARE lock on its category (the foreign-key
-- check), which FOR UPDATE conflicts with and FOR NO KEY UPDATE does not, so creators in one
-- category queue behind each other instead of deadlocking. Rows are still locked in id order.
CREATE OR REPLACE FUNCTION "apply_category_ad_deltas"(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "categories"
    WHERE "id" IN (SELECT (key)::integer FROM jsonb_each_text(deltas))
    ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "categories" AS c SET "ad_count" = c."ad_count" + (d.value)::integer
    FROM jsonb_each_text(deltas) AS d
    WHERE c."id" = (d.key)::integer AND (d.value)::integer <> 0;
END $$;
