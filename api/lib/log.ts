import { type Logger, pino } from 'pino';
import { env } from '../env.ts';

/**
 * The process's log: JSON lines on stdout (pino), one per request (requestLine) with the
 * request id the answer carries in X-Request-Id. LOG_LEVEL sets the level (default `info`;
 * `silent` under the test runner unless LOG_LEVEL asks otherwise, so test output stays quiet).
 */

// One logger per process even if this module is evaluated twice (the server script and the bundle).
const KEY = Symbol.for('marketplace.logger');
const globals = globalThis as unknown as Record<symbol, Logger | undefined>;

/** The process's logger, made on first use. */
export function log(): Logger {
  globals[KEY] ??= pino({ level: env().logLevel, timestamp: pino.stdTimeFunctions.isoTime });
  return globals[KEY];
}

/** An incoming X-Request-Id worth keeping: 1-64 letters, digits, `.`, `_` or `-`. */
const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The request's id: a sane incoming X-Request-Id, else a new UUID. */
export function requestIdFrom(given: string | null | undefined): string {
  return given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/** One request's log line. */
export type TRequestLine = { requestId: string; method: string; route: string; status: number; durationMs: number };

/** Writes one request's line: `request` with its id, method, route pattern, status and duration. */
export function logRequest(line: TRequestLine) {
  const logger = log();
  const level = line.status >= 500 ? 'error' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  logger[level]({ ...line, durationMs: Math.round(line.durationMs * 10) / 10 }, 'request');
}
