/**
 * The SQLSTATE of a database error, whichever driver raised it (postgres.js and PGlite set
 * `code`; drizzle wraps them in an error whose `cause` is the original).
 */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique index refused the row (e.g. a duplicate slug or email). */
export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';
/** A foreign key refused the change (e.g. a category that still has ads). */
export const isForeignKeyViolation = (err: unknown) => pgErrorCode(err) === '23503';
