-- Fraud signals (docs/MODERATION.md, Fraud signals; decision 0033): after every post and edit a
-- job compares the ad's photos (perceptual hashes), text (trigrams), price and phrases and the
-- account's posting rate, and writes a flag per signal; enough of them hold the ad for review.
-- pg_trgm is created by 0013_search_words.sql.
CREATE TABLE IF NOT EXISTS "ad_photo_hashes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"ad_id" integer NOT NULL REFERENCES "ads"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL,
	"image" text NOT NULL,
	"hash" bigint NOT NULL,
	"band0" integer NOT NULL,
	"band1" integer NOT NULL,
	"band2" integer NOT NULL,
	"band3" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ad_photo_hashes_ad_idx" ON "ad_photo_hashes" ("ad_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ad_photo_hashes_band0_idx" ON "ad_photo_hashes" ("band0");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ad_photo_hashes_band1_idx" ON "ad_photo_hashes" ("band1");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ad_photo_hashes_band2_idx" ON "ad_photo_hashes" ("band2");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ad_photo_hashes_band3_idx" ON "ad_photo_hashes" ("band3");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ad_text_prints" (
	"ad_id" integer PRIMARY KEY NOT NULL REFERENCES "ads"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL,
	"body" text NOT NULL
);--> statement-breakpoint
-- fastupdate off like the search indexes (0017): a look-up never scans a pending list.
CREATE INDEX IF NOT EXISTS "ad_text_prints_body_trgm_idx" ON "ad_text_prints" USING gin ("body" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "fraud_flags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"ad_id" integer NOT NULL REFERENCES "ads"("id") ON DELETE CASCADE,
	"signal" text NOT NULL,
	"matched_ad_id" integer REFERENCES "ads"("id") ON DELETE CASCADE,
	"match_key" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"measure" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	"dismissed_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	CONSTRAINT "fraud_flags_signal_check" CHECK ("fraud_flags"."signal" IN ('same-photo', 'same-text', 'low-price', 'scam-phrase', 'posting-burst'))
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "fraud_flags_ad_signal_key" ON "fraud_flags" ("ad_id", "signal", "match_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fraud_flags_open_idx" ON "fraud_flags" ("ad_id") WHERE "dismissed_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fraud_flags_matched_idx" ON "fraud_flags" ("matched_ad_id");--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN IF NOT EXISTS "scam_phrases" text DEFAULT E'shipping agent\ngift card\nwestern union' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN IF NOT EXISTS "fraud_weights" jsonb DEFAULT '{"same-photo":60,"same-text":40,"low-price":30,"scam-phrase":40,"posting-burst":30}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN IF NOT EXISTS "fraud_hold_score" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" IN ('approve-ad', 'remove-ad', 'dismiss-ad-reports', 'dismiss-conversation-reports', 'ban-user', 'unban-user', 'remove-review', 'dismiss-review-reports', 'dismiss-fraud-flag'));
