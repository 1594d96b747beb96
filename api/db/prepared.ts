import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf } from '../lib/rows-of.ts';
import type { Db, Tx } from './client.ts';
import { compileSql } from './compile-sql.ts';

const dialect = new PgDialect();

/** postgres.js's way to send a statement, the part used here. */
type TUnsafeClient = { unsafe: (text: string, params: unknown[], options: { prepare: boolean }) => Promise<unknown> };

/**
 * The rows of `statement`, sent as a prepared statement where the driver is postgres.js: it
 * keeps one per statement text and connection, so on a connection whose plans are kept
 * (`plan_cache_mode = force_generic_plan`, the text-search connections) each text is planned
 * once. drizzle's execute() sends an unnamed statement, which PostgreSQL plans every time.
 * A connection lives 30 to 60 minutes (postgres.js's max_lifetime), so the statements it keeps
 * stay few. Elsewhere (PGlite) a plain execute.
 */
export async function executePrepared<T>(q: Db | Tx, statement: SQL): Promise<T[]> {
  const client = (q as unknown as { $client?: Partial<TUnsafeClient> }).$client;
  if (typeof client?.unsafe === 'function') {
    const { sql, params } = compiled(statement);
    return (await (client as TUnsafeClient).unsafe(sql, params, { prepare: true })) as T[];
  }
  // The embedded database runs drizzle's own text; in the tests compiled() still checks ours.
  if (preparedTestHooks.checkCompiler) compiled(statement);
  return rowsOf<T>(await q.execute(statement));
}

/**
 * Test-only, set by tests/helpers/check-compiler.ts for every API test: each statement is also
 * compiled by drizzle, and a difference from compile-sql.ts fails the request.
 */
export const preparedTestHooks = { checkCompiler: false };

/** The statement's text and parameters, by compile-sql.ts where it can (drizzle's compiler otherwise). */
function compiled(statement: SQL): { sql: string; params: unknown[] } {
  const fast = compileSql(statement);
  if (fast && !preparedTestHooks.checkCompiler) return fast;
  const reference = dialect.sqlToQuery(statement);
  if (fast && (fast.sql !== reference.sql || JSON.stringify(fast.params) !== JSON.stringify(reference.params))) {
    throw new Error(`compileSql differs from drizzle for: ${reference.sql}`);
  }
  return reference;
}
