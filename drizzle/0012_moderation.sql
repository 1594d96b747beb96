CREATE TABLE "email_verification_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ad_id" integer NOT NULL,
	"reporter_id" integer,
	"reporter_key" text NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "ad_reports_reason_check" CHECK ("ad_reports"."reason" IN ('scam', 'prohibited', 'wrong-category', 'spam', 'offensive', 'other'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"target_label" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" IN ('approve-ad', 'remove-ad', 'dismiss-ad-reports', 'dismiss-conversation-reports', 'ban-user', 'unban-user'))
);
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "owner_banned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "report_threshold" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "banned_words" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "premoderate_first_ads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "require_verified_to_post" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ban_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD CONSTRAINT "ad_reports_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD CONSTRAINT "ad_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verification_tokens_user_id_idx" ON "email_verification_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_reports_open_reporter_key" ON "ad_reports" USING btree ("ad_id","reporter_key") WHERE "ad_reports"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "ad_reports_open_idx" ON "ad_reports" USING btree ("ad_id") WHERE "ad_reports"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Accounts from before sign-up verification existed count as verified: they were never sent
-- a link, and messaging must not stop working for them (docs/MODERATION.md, Verified accounts).
UPDATE "users" SET "email_verified_at" = "created_at";
--> statement-breakpoint
-- categories.ad_count counts the ads the public sees: state active or reserved, and an owner
-- who is not banned (ads.owner_banned). Otherwise as in 0007.
CREATE OR REPLACE FUNCTION "ads_count_after_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_object_agg(category_id, n) INTO deltas
      FROM (SELECT category_id, count(*) AS n FROM new_ads
              WHERE status IN ('active', 'reserved') AND NOT owner_banned GROUP BY category_id) AS x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_object_agg(category_id, -n) INTO deltas
      FROM (SELECT category_id, count(*) AS n FROM old_ads
              WHERE status IN ('active', 'reserved') AND NOT owner_banned GROUP BY category_id) AS x;
  ELSE
    SELECT jsonb_object_agg(category_id, n) INTO deltas FROM (
      SELECT category_id, sum(d) AS n FROM (
        SELECT n.category_id, 1 AS d FROM new_ads AS n JOIN old_ads AS o USING ("id")
          WHERE (n.status IN ('active', 'reserved') AND NOT n.owner_banned)
            AND (NOT (o.status IN ('active', 'reserved') AND NOT o.owner_banned) OR n.category_id <> o.category_id)
        UNION ALL
        SELECT o.category_id, -1 FROM new_ads AS n JOIN old_ads AS o USING ("id")
          WHERE (o.status IN ('active', 'reserved') AND NOT o.owner_banned)
            AND (NOT (n.status IN ('active', 'reserved') AND NOT n.owner_banned) OR n.category_id <> o.category_id)
      ) AS moved GROUP BY category_id) AS x;
  END IF;
  IF deltas IS NOT NULL THEN
    PERFORM "apply_category_ad_deltas"(deltas);
  END IF;
  RETURN NULL;
END $$;
