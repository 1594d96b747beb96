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
 */

export const searchCountCap = () => runtimeEnv().searchCountCap;
export const searchTimeoutMs = () => runtimeEnv().searchTimeoutMs;

/** What a search that ran out of time answers (503): plain words and what to try instead. */
export const SEARCH_TIMEOUT_MESSAGE =
  'This search took too long to finish. Please try again, or narrow it with more words, a category or a price range.';
