import type { Context } from 'hono';
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { connection, type Db, db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { clientIp } from '../lib/client-ip.ts';
import { RATE_LIMITS, rateLimitScale, type TRateLimitName } from '../lib/limits.ts';

/**
 * Abuse limits (api/lib/limits.ts) with rate-limiter-flexible.
 *
 * On PostgreSQL the counts live in the rate_limits table, so every server process behind a
 * load balancer shares them (N servers do not multiply a limit by N) and a restart does not
 * forget them. If that table cannot be reached, each process falls back to counting in its
 * own memory (the insurance limiter) rather than failing the request. On the embedded
 * database (one process by design) the counts are kept in memory.
 */
type TLimiter = RateLimiterMemory | RateLimiterDrizzle;
const limiters = new Map<TRateLimitName, TLimiter>();

// Drizzle calls go through db() each time, so a reconnected or swapped connection is used.
const store = {
  insert: (...a: Parameters<Db['insert']>) => db().insert(...a),
  select: (...a: Parameters<Db['select']>) => db().select(...a),
  delete: (...a: Parameters<Db['delete']>) => db().delete(...a),
};

function limiter(name: TRateLimitName): TLimiter {
  let l = limiters.get(name);
  if (!l) {
    const { points, durationSec } = RATE_LIMITS[name];
    const options = {
      keyPrefix: name,
      points: Math.max(1, Math.round(points * rateLimitScale())),
      duration: durationSec,
    };
    l =
      connection().kind === 'postgres'
        ? new RateLimiterDrizzle({
            ...options,
            storeClient: store,
            schema: rateLimits,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
    limiters.set(name, l);
  }
  return l;
}

/**
 * Forgets the limiter objects, as a newly started server process begins (stored counts stay);
 * also picks up a new RATE_LIMIT_SCALE.
 */
export function forgetLimiters() {
  limiters.clear();
}

/** Forgets every count, stored ones included (tests call this between cases). */
export async function resetRateLimits() {
  forgetLimiters();
  if (connection().kind === 'postgres') await db().delete(rateLimits);
}

export const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
export const TOO_MANY_UPLOADS = 'Too many image uploads. Please try again later.';

function tooMany(msBeforeNext: number, message = TOO_MANY): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError('TOO_MANY_REQUESTS', message, { headers: { 'Retry-After': String(seconds) } });
}

const emailKey = (email: string) => email.trim().toLowerCase().slice(0, 320);

/**
 * Counts one attempt against each (limit, key) pair and refuses with 429 + Retry-After when
 * any of them is over. Every pair is counted even when one refuses, so hammering one key does
 * not spare the other.
 */
async function consumeAll(pairs: [TRateLimitName, string][], message = TOO_MANY) {
  let refusedFor = 0;
  for (const [name, key] of pairs) {
    try {
      await limiter(name).consume(key);
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) throw res;
      refusedFor = Math.max(refusedFor, res.msBeforeNext);
    }
  }
  if (refusedFor > 0) throw tooMany(refusedFor, message);
}

/** Sign-up: per address and per email, counted on every attempt. */
export function limitSignup(c: Context, email: string) {
  return consumeAll([
    ['signupIp', clientIp(c)],
    ['signupEmail', emailKey(email)],
  ]);
}

/** Forgot-password: per address and per email, counted on every request. */
export function limitForgotPassword(c: Context, email: string) {
  return consumeAll([
    ['forgotIp', clientIp(c)],
    ['forgotEmail', emailKey(email)],
  ]);
}

/** Editor image uploads: per signed-in user. */
export function limitEditorImages(userId: number) {
  return consumeAll([['editorImage', String(userId)]], TOO_MANY_UPLOADS);
}

/** Reset-password: per address (each attempt hashes a password). */
export function limitResetPassword(c: Context) {
  return consumeAll([['resetIp', clientIp(c)]]);
}

/**
 * Login is limited on FAILURES only, and checked before the password is hashed: once an
 * address has 10 failures or an account 5 in the window, every further try is refused with
 * 429 without touching argon2 (so the limit also caps the CPU an attacker can burn).
 */
export async function checkLoginAllowed(c: Context, email: string) {
  const pairs: [TRateLimitName, string][] = [
    ['loginIp', clientIp(c)],
    ['loginAccount', emailKey(email)],
  ];
  let refusedFor = 0;
  for (const [name, key] of pairs) {
    const l = limiter(name);
    const res = await l.get(key);
    if (res && res.consumedPoints >= l.points) refusedFor = Math.max(refusedFor, res.msBeforeNext);
  }
  if (refusedFor > 0) throw tooMany(refusedFor);
}

export async function recordLoginFailure(c: Context, email: string) {
  for (const [name, key] of [
    ['loginIp', clientIp(c)],
    ['loginAccount', emailKey(email)],
  ] as [TRateLimitName, string][]) {
    await limiter(name)
      .penalty(key, 1)
      .catch(() => {});
  }
}

/** A successful login clears the account's failures (the address keeps its count). */
export async function clearLoginFailures(email: string) {
  await limiter('loginAccount').delete(emailKey(email));
}
