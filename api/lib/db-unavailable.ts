/**
 * Is this error "the database cannot be reached right now" (as opposed to a bug or bad SQL)?
 * Those become 503 + Retry-After: the request may be retried and will succeed once postgres.js
 * has reconnected (it opens a new connection on the next query by itself).
 */

/** postgres.js connection errors and Node socket errors. */
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not taking connections: class 08 (connection
 * exception), 57P01 admin_shutdown (pg_terminate_backend, a fast shutdown), 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up / shutting down), 53300
 * too_many_connections.
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (CONNECTION_CODES.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)) return true;
    }
    const message = (e as { message?: unknown }).message;
    // The embedded database after close() (shutdown in progress).
    if (typeof message === 'string' && /PGlite is closed/i.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Is this the database refusing a value the client sent (SQLSTATE class 22, data exception:
 * a NUL character in text, a number out of range, bad text for a number or date; or 23514,
 * a CHECK constraint)? Validation should catch these first; this is the safety net that keeps
 * them a 400 instead of a 500.
 */
export function isInvalidDataError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code.startsWith('22') || code === '23514';
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
