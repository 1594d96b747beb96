-- The full-text GIN indexes that every search reads keep no pending list. With fastupdate (the
-- default) new entries wait in a list that every search scans whole until a vacuum merges it
-- into the index; where autovacuum runs seldom, or not at all, it grows up to
-- gin_pending_list_limit (4 MB). Measured over the same 300 searches at 100,000 ads: 4.9 ms
-- a search with the list the seeding left (104 pages), 3.5 ms without it (docs/PERFORMANCE.md).
-- Without it a new or changed ad updates the index at once: a little more work per write, and
-- writes are few beside searches.
ALTER INDEX "ads_search_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "ad_search_document_idx" SET (fastupdate = false);--> statement-breakpoint
-- What is waiting already goes into the index now.
SELECT gin_clean_pending_list('ads_search_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('ad_search_document_idx'::regclass);
