-- A seller's count of sold ads (the seller page, and the seller's facts on every ad page) reads
-- only their sold ads: without it the count walked every ad of the seller through
-- ads_user_created_idx (38 ms of PostgreSQL per ad page for a seller with 50,000 ads).
CREATE INDEX IF NOT EXISTS "ads_user_sold_idx" ON "ads" ("user_id") WHERE "status" = 'sold';
