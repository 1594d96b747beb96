-- Reports that a crowd of fresh accounts cannot turn into a takedown: each report keeps the
-- (hashed) address it came from and whether it counts toward the automatic hold (a verified
-- account old enough); reports from one address count once. Earlier reports keep counting.
ALTER TABLE "ad_reports" ADD COLUMN "address_key" text;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD COLUMN "counts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "ad_reports" SET "address_key" = "reporter_key" WHERE "address_key" IS NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "report_min_account_age_hours" integer DEFAULT 72 NOT NULL;
