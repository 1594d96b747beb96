-- Two statements on the posting path read every ad (measured at 100,000 ads, issue 33):
-- 1. A new ad's slug asks which of `base` and `base-N` are taken (nextFreeSlug). The regular
--    expression is anchored, but the slug's unique index has the database's collation, which the
--    planner cannot range-scan for a prefix unless it is "C": 130–150 ms per post. A
--    text_pattern_ops index serves the prefix on any collation; the slug history too.
CREATE INDEX IF NOT EXISTS "ads_slug_pattern_idx" ON "ads" ("slug" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ad_slugs_slug_pattern_idx" ON "ad_slugs" ("slug" text_pattern_ops);--> statement-breakpoint
-- 2. The saved-search matching job, queued by every post, walks the visible ads changed since its
--    watermark in (updated_at, id) order: a sequential scan of all ads, 200–240 ms each time.
CREATE INDEX IF NOT EXISTS "ads_visible_updated_idx" ON "ads" ("updated_at", "id") WHERE "status" IN ('active', 'reserved');
