import { type SQL, sql } from 'drizzle-orm';
import { connection, type Db, type Tx } from '../../db/client.ts';
import { readConnection } from '../../db/replicas.ts';
import { AppError } from '../../errors.ts';
import { pgErrorCode } from '../../lib/pg-error.ts';
import { SEARCH_TIMEOUT_MESSAGE, searchSettings, searchTimeoutMs } from './search-settings.ts';

// How the ad list's statements run: under the search's settings and statement timeout (a
// cancelled one is a 503), and an order-index walk within a time budget.

/**
 * How long (ms) walking an order index may take before the matches are sorted instead
 * (PostgreSQL only): a walk is quick when matches are spread evenly along the order, but a
 * word whose ads all sit at one end of it (a car word sorted by lowest price passes every
 * cheaper ad of the other categories first) reads row after row.
 */
export const WALK_BUDGET_MS = 15;

/**
 * Runs a filtered list without search words (a price range, the seller page) with
 * searchSettings (PostgreSQL: SET LOCAL in one read transaction, which the order-index walk's
 * savepoint needs). A statement cancelled for taking too long (SQLSTATE
 * 57014) becomes a 503 with a plain message: the visitor gets an answer instead of waiting.
 */
export async function withSearchTimeout<T>(run: (q: Db | Tx) => Promise<T>): Promise<T> {
  return answeringTimeout(async () => {
    const conn = readConnection();
    if (conn.kind !== 'postgres') return await run(conn.db);
    return await conn.db.transaction(async (tx) => {
      const settings = Object.entries(searchSettings()).map(
        ([name, value]) => sql`set_config(${name}, ${value}, true)`,
      );
      await tx.execute(sql`SELECT ${sql.join(settings, sql`, `)}`);
      return run(tx);
    });
  });
}

/**
 * A text search's statements (PostgreSQL): on connections that start with searchSettings, so
 * no transaction is needed for them (three round trips fewer per
 * search), and with sequential scans off: every statement of a text search has the GIN
 * condition, but under a LIMIT the planner hoped to meet enough matches early in a scan of
 * ad_search and evaluated the document function row after row (180 ms for 'tea:*' at 1M
 * ads, against 15 ms through the index; docs/PERFORMANCE.md). Their plans are made once per
 * statement and connection (`force_generic_plan`, for the statements sent prepared:
 * db/prepared.ts and the page's `.prepare()`):
 * planning the counting statement cost more than running it at 100,000 ads (0.73 against
 * 0.63 ms), and none of its plans depends on a value the planner could use: the words reach
 * it as a subquery's result, the category as its partition, chosen while it runs.
 */
export function withNarrowSearch<T>(run: (q: Db) => Promise<T>): Promise<T> {
  const conn = readConnection();
  if (conn.kind !== 'postgres' || !conn.withSettings) return answeringTimeout(() => run(conn.db));
  const q = conn.withSettings({ ...searchSettings(), enable_seqscan: 'off', plan_cache_mode: 'force_generic_plan' });
  return answeringTimeout(() => run(q));
}

/** A statement cancelled for taking too long (SQLSTATE 57014) answers 503 with a plain message. */
export async function answeringTimeout<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (pgErrorCode(err) === '57014') {
      throw new AppError('UNAVAILABLE', SEARCH_TIMEOUT_MESSAGE, { headers: { 'Retry-After': '5' } });
    }
    throw err;
  }
}

/**
 * What a test adds to a search, passed to listAds (production passes none): a condition added
 * to every search's count (e.g. a pg_sleep, or a function that raises 57014) to force the
 * statement timeout; the walk past the cap tried whatever the sample's density (`walkAlways`),
 * to test it where pages are few; and the walk considered, as the sample's density decides, in
 * a catalogue of any size (`walkAnySize`).
 */
export type TSearchHooks = { extraCondition?: SQL; walkAlways?: boolean; walkAnySize?: boolean };

/**
 * Rows read by walking an order index (`walk`), or, when that takes longer than
 * WALK_BUDGET_MS, by collecting and sorting the matches (`sort`). On PostgreSQL the walk runs
 * in a savepoint with its own statement timeout; a cancelled walk is rolled back and the sort
 * runs under the search's own timeout. PGlite cannot interrupt a statement: it walks.
 */
export async function walkOrSort<T>(q: Db | Tx, walk: (q: Db | Tx) => Promise<T>, sort: (q: Db | Tx) => Promise<T>) {
  const ms = searchTimeoutMs();
  if (connection().kind !== 'postgres' || ms === 0 || q === connection().db) return walk(q);
  try {
    return await (q as Tx).transaction(async (sp) => {
      await sp.execute(sql`SELECT set_config('statement_timeout', ${String(WALK_BUDGET_MS)}, true)`);
      const rows = await walk(sp);
      // SET LOCAL inside a savepoint outlives its release: back to the search's own limit.
      await sp.execute(sql`SELECT set_config('statement_timeout', ${String(ms)}, true)`);
      return rows;
    });
  } catch (err) {
    if (pgErrorCode(err) !== '57014') throw err;
    return sort(q);
  }
}
