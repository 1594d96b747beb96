-- The vocabulary grows with the catalogue, and a search that finds nothing asks whether its last
-- word (a prefix) starts any word in it (api/services/ads/suggest-search.ts, LIKE 'tea%'). Under
-- a collation other than "C" (C.UTF-8, en_US.UTF-8, …) the primary key cannot serve a prefix, so
-- that was a scan of every word; this index compares bytes and walks just the prefix's range.
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);
