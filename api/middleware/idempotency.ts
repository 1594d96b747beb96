import { createHash } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../context.ts';
import { AppError } from '../errors.ts';
import { clientIp } from '../lib/client-ip.ts';
import {
  claimKey,
  newClaim,
  releaseKey,
  storeAnswer,
  sweepIdempotencyKeys,
  type TClaim,
  withClaim,
} from '../lib/idempotency-claims.ts';

export {
  IDEMPOTENCY_STALE_MS,
  IDEMPOTENCY_TTL_MS,
  KEY_BODY_CHANGED,
  KEY_IN_PROGRESS,
  KEY_REUSED,
  recordIdempotentAnswer,
  sweepIdempotencyKeys,
} from '../lib/idempotency-claims.ts';

/**
 * Safe retries for POST requests that carry an `Idempotency-Key` header, as the IETF
 * Idempotency-Key draft describes them (the browser forms send one per submission; API clients
 * may). The first request with a key claims it and runs; its answer is stored; a retry with
 * the same key and the same request gets that answer again (same status, same JSON,
 * `Idempotent-Replayed: true`) and stores nothing new. So a client that lost an answer to a
 * dropped connection, a 503 or a timeout can simply send the same request again.
 *
 * - Keys belong to the caller: "user:<id>" when signed in. Signed out, "ip:<address>" and the
 *   body's hash: people behind one address who happen to pick the same key for different
 *   requests never get each other's answers.
 * - The key is bound to its method, path and body (SHA-256 of the body's bytes; for a
 *   multipart upload, which streams to its handler unread here, its length). Another route:
 *   409. The same route with another body: 422, and nothing is done.
 * - Answers 2xx and 4xx are stored. 5xx, 408 and 429 ("try again later") release the key, so
 *   the retry really runs again.
 * - A second request while the first still runs gets 409 with Retry-After. A claim whose
 *   process died (api/lib/process-liveness.ts) is taken over by the retry at once.
 * - A create stores its answer inside its own transaction (recordIdempotentAnswer), so
 *   "committed" and "answer stored" are one fact.
 * - Login and sign-up are left alone: their answers carry a session token, which must not be
 *   kept in the database (only its hash is), and a duplicate is impossible there anyway.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const KEY_INVALID = 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.';

/** One claim in this many also sweeps the expired rows. */
const SWEEP_EVERY = 100;

const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
const NOT_COVERED = new Set(['/api/user/login', '/api/user/signup']);
/** 4xx answers that mean "not now" rather than "no": the retry must run again. */
const RETRYABLE_4XX = new Set([408, 425, 429]);

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * The request body's fingerprint. JSON and form bodies are small (the body limit ran first)
 * and are read once here; Hono keeps the bytes for the route's validator. A multipart upload
 * is streamed to its handler, so only its length stands for it.
 */
async function bodyFingerprint(req: Request, cached: () => Promise<ArrayBuffer>): Promise<string> {
  const type = req.headers.get('content-type') ?? '';
  if (type.toLowerCase().startsWith('multipart/')) return `len${req.headers.get('content-length') ?? '?'}`;
  if (!req.body) return sha256('');
  return sha256(new Uint8Array(await cached()));
}

export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (c.req.method !== 'POST' || key === undefined || NOT_COVERED.has(c.req.path)) return next();
  if (!KEY_FORMAT.test(key)) throw new AppError('BAD_REQUEST', KEY_INVALID);
  const route = sha256(`${c.req.method} ${c.req.path}`);
  const body = await bodyFingerprint(c.req.raw, () => c.req.arrayBuffer());
  const scope = c.var.user ? `user:${c.var.user.id}` : `ip:${clientIp(c)}:${body}`;
  const claim = newClaim(scope, key, route, body);

  let stored: Awaited<ReturnType<typeof claimKey>>;
  try {
    stored = await claimKey(claim);
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
    await withClaim(claim, next);
  } catch (err) {
    await settle(() => releaseKey(claim));
    throw err;
  }
  await settleAnswer(claim, c.res);
});

/** Stores a final answer for replay, or releases the key so a retry runs again. */
async function settleAnswer(claim: TClaim, res: Response) {
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
