import { runtimeEnv } from '../../env.ts';

/**
 * Tuning of the public search (GET /api/all-ads and the browse pages), read afresh on every
 * call through runtimeEnv() (api/env.ts): tests and benchmarks change them while the process runs.
 *
 * - SEARCH_COUNT_CAP (default 1000): counting stops past this many matches; the answer says
 *   `totalCapped: true` and the page says "1,000+ results". The category counts of a search
 *   stop at the same number.
 * - SEARCH_TIMEOUT_MS (default 1000, 0 = none): the statement timeout of a search's queries
 *   on PostgreSQL (a start-up parameter of the text-search connections, SET LOCAL for the
 *   other lists). A search that runs longer answers 503 with a clear message instead of
 *   keeping the visitor waiting. The embedded database (PGlite)
 *   cannot interrupt a running statement, so there it has no effect.
 * - SEARCH_WALK_ROWS (default 3000, 0 = never): past the cap, a search whose matches are
 *   common enough finds its page by walking at most this many rows of its order and testing
 *   each (narrow-search.ts, walkedMatches) instead of building its words' bitmap again.
 */

export const searchCountCap = () => runtimeEnv().searchCountCap;
export const searchTimeoutMs = () => runtimeEnv().searchTimeoutMs;
export const searchWalkRows = () => runtimeEnv().searchWalkRows;

/**
 * The settings every search statement runs with on PostgreSQL. The statement timeout answers
 * a search that runs too long. No JIT: the planner's cost of a per-category count or a sort of
 * many matches passes jit_above_cost, and compiling took ~1 s (EXPLAIN ANALYZE,
 * docs/PERFORMANCE.md) for queries that run in milliseconds. work_mem enough for the search's
 * bitmaps to stay exact: at 1M ads a common prefix AND a category went lossy at the default
 * 4 MB and rechecked 232,598 rows (358 ms; 99 ms with 16 MB). No parallel workers: under
 * concurrent searches the cores are busy already, and starting workers cost each statement
 * milliseconds.
 */
export const searchSettings = (): Record<string, string> => ({
  statement_timeout: String(searchTimeoutMs()),
  jit: 'off',
  work_mem: '16MB',
  max_parallel_workers_per_gather: '0',
});

/** What a search that ran out of time answers (503): plain words and what to try instead. */
export const SEARCH_TIMEOUT_MESSAGE =
  'This search took too long to finish. Please try again, or narrow it with more words, a category or a price range.';
