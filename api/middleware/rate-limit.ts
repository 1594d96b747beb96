import type { Context } from 'hono';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors.ts';
import { clientIp } from '../lib/client-ip.ts';
import { RATE_LIMITS, rateLimitScale, type TRateLimitName } from '../lib/limits.ts';

/**
 * Abuse limits (api/lib/limits.ts) kept in this process's memory with rate-limiter-flexible.
 * One server is one limiter; with several servers behind a load balancer each keeps its own
 * count, so the effective limit is multiplied by the number of servers. For a shared count,
 * swap RateLimiterMemory for RateLimiterRedis (same package, same calls) — see docs/SECURITY.md.
 */
const limiters = new Map<TRateLimitName, RateLimiterMemory>();

function limiter(name: TRateLimitName): RateLimiterMemory {
  let l = limiters.get(name);
  if (!l) {
    const { points, durationSec } = RATE_LIMITS[name];
    l = new RateLimiterMemory({
      keyPrefix: name,
      points: Math.max(1, Math.round(points * rateLimitScale())),
      duration: durationSec,
    });
    limiters.set(name, l);
  }
  return l;
}

/** Forgets every count (tests call this between cases; also picks up a new RATE_LIMIT_SCALE). */
export function resetRateLimits() {
  limiters.clear();
}

export const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

function tooMany(msBeforeNext: number): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError('TOO_MANY_REQUESTS', TOO_MANY, { headers: { 'Retry-After': String(seconds) } });
}

const emailKey = (email: string) => email.trim().toLowerCase().slice(0, 320);

/**
 * Counts one attempt against each (limit, key) pair and refuses with 429 + Retry-After when
 * any of them is over. Every pair is counted even when one refuses, so hammering one key does
 * not spare the other.
 */
async function consumeAll(pairs: [TRateLimitName, string][]) {
  let refusedFor = 0;
  for (const [name, key] of pairs) {
    try {
      await limiter(name).consume(key);
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) throw res;
      refusedFor = Math.max(refusedFor, res.msBeforeNext);
    }
  }
  if (refusedFor > 0) throw tooMany(refusedFor);
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
