/**
 * The rows of a raw `db().execute(sql…)`: postgres.js answers with an array, PGlite with an
 * object holding `rows`. One place so raw queries read the same on both drivers.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
