import { and, eq, gt, sql } from 'drizzle-orm';
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

/** The reminder mail's one-click renew link: per address. */
export function limitRenewLink(c: Context) {
  return consumeAll([['renewLinkIp', clientIp(c)]]);
}

/**
 * Login limits, most specific first: one account from one address (5 per 15 min), one
 * address across accounts (10 per 15 min), one account from everywhere (50 per hour). The
 * first is what an owner normally meets; guesses from other addresses count only against the
 * slow account-wide one, so a handful of tries from elsewhere cannot lock anyone out.
 */
function loginPairs(c: Context, email: string): [TRateLimitName, string][] {
  const ip = clientIp(c);
  return [
    ['loginAccountIp', `${emailKey(email)}|${ip}`],
    ['loginIp', ip],
    ['loginAccountAll', emailKey(email)],
  ];
}

/**
 * Gives back one point taken by consume(), but only within the window that point was taken
 * in: reward() on a window that has just ended would open a new one below zero, a free try.
 * Best effort: a refund that cannot be written leaves the count on the strict side.
 */
async function refund(name: TRateLimitName, key: string) {
  const l = limiter(name);
  try {
    if (l instanceof RateLimiterDrizzle) {
      try {
        // One statement, so it cannot interleave with a concurrent consume's upsert.
        await db()
          .update(rateLimits)
          .set({ points: sql`${rateLimits.points} - 1` })
          .where(and(eq(rateLimits.key, l.getKey(key)), gt(rateLimits.points, 0), gt(rateLimits.expire, new Date())));
      } catch {
        // Unreachable now, so the point was most likely taken by the in-memory insurance too.
        const insured = (l as unknown as { insuranceLimiter?: RateLimiterMemory }).insuranceLimiter;
        if (insured) await refundInMemory(insured, key);
      }
    } else {
      await refundInMemory(l, key);
    }
  } catch {
    // Strict side: the attempt stays counted.
  }
}

async function refundInMemory(l: RateLimiterMemory, key: string) {
  const res = await l.get(key);
  // The margin keeps the window from ending between this read and the reward.
  if (res && res.consumedPoints > 0 && res.msBeforeNext > 1000) await l.reward(key, 1);
}

export type TLoginAttempt = { pairs: [TRateLimitName, string][] };

/**
 * Takes one failed-login point from every login limit BEFORE the password is checked: each
 * consume is one atomic increment (an upsert on PostgreSQL, a synchronous update in memory),
 * so of N parallel attempts at most `points` get through, whatever their timing. A refused
 * attempt does no password work and gives its points back, so the counts stay the number of
 * real checks; it answers 429 with Retry-After (no argon2 either, which also caps the CPU an
 * attacker can burn).
 */
export async function consumeLoginAttempt(c: Context, email: string): Promise<TLoginAttempt> {
  const pairs = loginPairs(c, email);
  const taken: [TRateLimitName, string][] = [];
  for (const pair of pairs) {
    const [name, key] = pair;
    try {
      await limiter(name).consume(key);
      taken.push(pair);
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) {
        await Promise.all(taken.map(([n, k]) => refund(n, k)));
        throw res;
      }
      // consume() counted this attempt on the refusing limit too.
      await Promise.all([...taken, pair].map(([n, k]) => refund(n, k)));
      throw tooMany(res.msBeforeNext);
    }
  }
  return { pairs };
}

/**
 * After a successful login: the failures of this account from this address are forgotten,
 * and this attempt's points on the address and account-wide limits are refunded (their other
 * failures stay: a known password from one address says nothing about guesses elsewhere).
 */
export async function loginSucceeded(attempt: TLoginAttempt) {
  for (const [name, key] of attempt.pairs) {
    if (name === 'loginAccountIp')
      await limiter(name)
        .delete(key)
        .catch(() => {});
    else await refund(name, key);
  }
}

/** The attempt checked no password (the database failed, say): it costs nothing. */
export async function loginNotChecked(attempt: TLoginAttempt) {
  await Promise.all(attempt.pairs.map(([n, k]) => refund(n, k)));
}

export const TOO_MANY_MESSAGES = 'You are sending messages too fast. Please wait a moment and try again.';
export const TOO_MANY_CONVERSATIONS = 'You have started many conversations in the last hour. Please try again later.';

/** A message sent, per user. */
export function limitMessages(userId: number) {
  return consumeAll([['messagesPerUser', String(userId)]], TOO_MANY_MESSAGES);
}

export const TOO_MANY_READS = 'You are marking conversations read too fast. Please wait a moment and try again.';

/** A conversation marked read, per user: each costs writes and a live notice to every tab. */
export function limitReads(userId: number) {
  return consumeAll([['readsPerUser', String(userId)]], TOO_MANY_READS);
}

/** A new conversation started, per user. */
export function limitNewConversations(userId: number) {
  return consumeAll([['conversationsPerUser', String(userId)]], TOO_MANY_CONVERSATIONS);
}

/** A conversation reported, per user. */
export function limitConversationReports(userId: number) {
  return consumeAll([['conversationReportsPerUser', String(userId)]]);
}

/**
 * One uploaded image file on any route, per signed-in user (each upload route hands it to
 * readMultipart, api/lib/multipart.ts, which calls it before reading each file it keeps):
 * decoding and encoding images is the costliest work a request can ask for.
 */
export function limitUploads(userId: number) {
  return consumeAll([['upload', String(userId)]], TOO_MANY_UPLOADS);
}

/** A password check on the account page (change password or email, delete account), per user. */
export function limitAccountPassword(userId: number) {
  return consumeAll([['accountPasswordPerUser', String(userId)]]);
}

/** An email-change confirmation mail asked for, per user. */
export function limitEmailChange(userId: number) {
  return consumeAll([['emailChangePerUser', String(userId)]]);
}

/** An email-change confirmation link tried, per address. */
export function limitEmailConfirm(c: Context) {
  return consumeAll([['emailConfirmIp', clientIp(c)]]);
}

/** A plan request or free-plan switch, per user. */
export function limitPlanRequests(userId: number) {
  return consumeAll([['planRequestsPerUser', String(userId)]]);
}

/** A Contact Us or FAQ question, per address. */
export function limitContact(c: Context) {
  return consumeAll([['contactIp', clientIp(c)]]);
}

/** A newsletter sign-up: per address and per email, counted on every request. */
export function limitNewsletterSignup(c: Context, email: string) {
  return consumeAll([
    ['newsletterIp', clientIp(c)],
    ['newsletterEmail', emailKey(email)],
  ]);
}

/** An invalid newsletter confirm or unsubscribe link, per address (valid ones are not counted). */
export function limitBadNewsletterLink(c: Context) {
  return consumeAll([['newsletterLinkIp', clientIp(c)]]);
}

/** Ad reports: per address for signed-out visitors, per account for signed-in ones. */
export function limitReports(c: Context, userId?: number) {
  return userId ? consumeAll([['reportsPerUser', String(userId)]]) : consumeAll([['reportIp', clientIp(c)]]);
}

/**
 * A review written, changed or answered: per account and per address (the client address of
 * api/lib/client-ip.ts), both counted. Called by the services once the caller may do it.
 */
export function limitReviews(userId: number, ip: string) {
  return consumeAll([
    ['reviewsPerUser', String(userId)],
    ['reviewsIp', ip],
  ]);
}

/** "Send the verification mail again": per account. */
export function limitVerificationResend(userId: number) {
  return consumeAll([['verificationResendPerUser', String(userId)]]);
}

/** Email verification links: per address. */
export function limitVerifyLink(c: Context) {
  return consumeAll([['verifyLinkIp', clientIp(c)]]);
}
