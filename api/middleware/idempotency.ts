import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../context.ts';
import { db, type Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { clientIp } from '../lib/client-ip.ts';

/**
 * Safe retries for POST requests that carry an `Idempotency-Key` header (the browser forms
 * send one per submission; API clients may). The first request with a key claims it and runs;
 * its answer is stored; a retry with the same key gets that answer again (same status, same
 * JSON, `Idempotent-Replayed: true`) and stores nothing new. So a client that lost an answer
 * to a dropped connection, a 503 or a timeout can simply send the same request again.
 *
 * - Keys belong to the caller: "user:<id>" when signed in, else "ip:<address>".
 * - The key is bound to its method and path; reusing it on another route is a 409. The body
 *   is not read for this (uploads are streamed to their handler).
 * - Answers 2xx and 4xx are stored. 5xx, 408 and 429 ("try again later") release the key, so
 *   the retry really runs again.
 * - A second request while the first still runs gets 409 with Retry-After.
 * - A create can store its answer inside its own transaction
 *   (recordIdempotentAnswer), so "committed" and "answer stored" are one fact: even if the
 *   connection dies between COMMIT and its acknowledgement, the retry replays instead of
 *   writing a second copy.
 * - Login and sign-up are left alone: their answers carry a session token, which must not be
 *   kept in the database (only its hash is), and a duplicate is impossible there anyway.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const KEY_INVALID = 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.';
export const KEY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed.';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request.';

/** Stored answers are kept this long; a retry later than that runs as a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A claim with no answer after this long belongs to a request that died with its process;
 * the next retry takes it over. Longer than any request may run.
 */
export const IDEMPOTENCY_STALE_MS = 2 * 60 * 1000;
/** One claim in this many also sweeps the expired rows. */
const SWEEP_EVERY = 100;

const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
const NOT_COVERED = new Set(['/api/user/login', '/api/user/signup']);
/** 4xx answers that mean "not now" rather than "no": the retry must run again. */
const RETRYABLE_4XX = new Set([408, 425, 429]);

/**
 * `owner` is what this request writes into request_hash: the route's hash, a dot and a random
 * id, so the request can tell its own claim from another's even when the answer to its
 * INSERT was lost, and never releases or answers someone else's.
 */
type TClaim = { scope: string; key: string; owner: string };
const running = new AsyncLocalStorage<TClaim>();

export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (c.req.method !== 'POST' || key === undefined || NOT_COVERED.has(c.req.path)) return next();
  if (!KEY_FORMAT.test(key)) throw new AppError('BAD_REQUEST', KEY_INVALID);
  const requestHash = createHash('sha256').update(`${c.req.method} ${c.req.path}`).digest('hex');
  const claim: TClaim = {
    scope: c.var.user ? `user:${c.var.user.id}` : `ip:${clientIp(c)}`,
    key,
    owner: `${requestHash}.${crypto.randomUUID()}`,
  };

  let stored: Awaited<ReturnType<typeof claimKey>>;
  try {
    stored = await claimKey(claim, requestHash);
  } catch (err) {
    // The INSERT may have gone through with its answer lost (a dropped connection): a claim
    // left behind would hold up every retry until it went stale.
    if (!(err instanceof AppError)) await settle(() => releaseKey(claim));
    throw err;
  }
  if (stored) {
    return c.body(stored.body, stored.status as ContentfulStatusCode, {
      'content-type': 'application/json; charset=UTF-8',
      [REPLAYED_HEADER]: 'true',
    });
  }
  if (Math.random() * SWEEP_EVERY < 1) void sweepIdempotencyKeys().catch(() => {});

  try {
    await running.run(claim, next);
  } catch (err) {
    await settle(() => releaseKey(claim));
    throw err;
  }
  const res = c.res;
  const storable =
    res.status < 500 &&
    !RETRYABLE_4XX.has(res.status) &&
    (res.headers.get('content-type') ?? '').includes('application/json');
  if (storable) {
    const body = await res.clone().text();
    await settle(() => storeAnswer(claim, res.status, body));
  } else {
    await settle(() => releaseKey(claim));
  }
});

/**
 * Claims the key for this request. Returns the stored answer to replay, or null when this
 * request now holds the claim and should run; throws 409 for a running or mismatched one.
 */
async function claimKey(claim: TClaim, requestHash: string): Promise<{ status: number; body: string } | null> {
  const where = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
  // The first claim's row may be released between our insert and our read: try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db()
      .insert(idempotencyKeys)
      .values({ scope: claim.scope, key: claim.key, requestHash: claim.owner })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length) return null;
    const [row] = await db().select().from(idempotencyKeys).where(where).limit(1);
    if (!row) continue;
    if (row.requestHash.split('.')[0] !== requestHash) throw new AppError('CONFLICT', KEY_REUSED);
    if (row.status !== null && row.body !== null) return { status: row.status, body: row.body };
    if (Date.now() - row.createdAt.getTime() > IDEMPOTENCY_STALE_MS) {
      // Only one retry can move the claim's clock: it is the one that runs.
      const taken = await db()
        .update(idempotencyKeys)
        .set({ createdAt: new Date(), requestHash: claim.owner })
        .where(and(where, isNull(idempotencyKeys.status), eq(idempotencyKeys.createdAt, row.createdAt)))
        .returning({ key: idempotencyKeys.key });
      if (taken.length) return null;
      continue;
    }
    throw new AppError('CONFLICT', KEY_IN_PROGRESS, { headers: { 'Retry-After': '1' } });
  }
  throw new AppError('CONFLICT', KEY_IN_PROGRESS, { headers: { 'Retry-After': '1' } });
}

function claimWhere(claim: TClaim) {
  // Only our own claim, and only while it has no answer: one stored inside a committed
  // create stays.
  return and(
    eq(idempotencyKeys.scope, claim.scope),
    eq(idempotencyKeys.key, claim.key),
    eq(idempotencyKeys.requestHash, claim.owner),
    isNull(idempotencyKeys.status),
  );
}

async function storeAnswer(claim: TClaim, status: number, body: string) {
  await db().update(idempotencyKeys).set({ status, body }).where(claimWhere(claim));
}

async function releaseKey(claim: TClaim) {
  await db().delete(idempotencyKeys).where(claimWhere(claim));
}

/**
 * Runs a bookkeeping write now, or, if the database cannot be reached at this moment, a few
 * more times in the background (up to about half a minute) so a retry is not told "still
 * processing" until the claim goes stale. The answer to the client does not wait for it.
 */
async function settle(write: () => Promise<void>) {
  try {
    await write();
  } catch {
    let tries = 0;
    const again = () => {
      const timer = setTimeout(
        () => {
          write().catch(() => {
            if (++tries < 20) again();
          });
        },
        Math.min(250 * 2 ** tries, 2000),
      );
      timer.unref?.();
    };
    again();
  }
}

/**
 * For a create: stores its answer in the create's own transaction, when the request carries
 * an Idempotency-Key. It commits with the record or not at all, so a retry after an
 * ambiguous COMMIT finds either the answer (and replays it) or no trace (and runs again).
 */
export async function recordIdempotentAnswer(tx: Tx, status: number, body: unknown) {
  const claim = running.getStore();
  if (!claim) return;
  await tx
    .update(idempotencyKeys)
    .set({ status, body: JSON.stringify(body) })
    .where(claimWhere(claim));
}

/** Deletes stored answers older than the time a retry may come (IDEMPOTENCY_TTL_MS). */
export async function sweepIdempotencyKeys(now = new Date()) {
  await db()
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
}
