import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { db, type Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { isProcessAlive, PROCESS_ID } from './process-liveness.ts';

/**
 * The stored side of Idempotency-Key (api/middleware/idempotency.ts reads the header): claims,
 * answers, and the record a create writes inside its own transaction. In api/lib so services
 * can store their answer without depending on middleware.
 */

export const KEY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed.';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request.';
export const KEY_BODY_CHANGED =
  'This Idempotency-Key was already used with a different request body. Send the same body to retry, or use a new key for a new request.';

/** Stored answers are kept this long; a retry later than that runs as a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A claim with no answer after this long is taken over by the next retry, whoever holds it:
 * longer than any request may run. A claim whose process is known dead is taken over at once.
 */
export const IDEMPOTENCY_STALE_MS = 2 * 60 * 1000;

/**
 * One request's claim of a key. `fingerprint` is what the key was first used for: the route
 * (method and path) and the body's SHA-256. `owner` is what the claim row stores: the
 * fingerprint, the claiming process and a random id, so a request tells its own claim from
 * another's even when the answer to its INSERT was lost, and a claim of a dead process can be
 * recognised.
 */
export type TClaim = { scope: string; key: string; route: string; body: string; owner: string };

export function newClaim(scope: string, key: string, route: string, body: string): TClaim {
  return { scope, key, route, body, owner: `${route}:${body}.${PROCESS_ID}.${crypto.randomUUID()}` };
}

/** The parts of a stored `request_hash`: route, body, process. */
function parseOwner(owner: string) {
  const [fingerprint = '', processId = ''] = owner.split('.');
  const [route = '', body = ''] = fingerprint.split(':');
  return { route, body, processId };
}

const running = new AsyncLocalStorage<TClaim>();

/** Runs `fn` with `claim` as the request's claim (recordIdempotentAnswer writes to it). */
export function withClaim<T>(claim: TClaim, fn: () => Promise<T>): Promise<T> {
  return running.run(claim, fn);
}

/**
 * Claims the key for this request. Returns the stored answer to replay, or null when this
 * request now holds the claim and should run; throws 409 for a running claim or another
 * route, 422 for the same route with another body.
 */
export async function claimKey(claim: TClaim): Promise<{ status: number; body: string } | null> {
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
    const first = parseOwner(row.requestHash);
    if (first.route !== claim.route) throw new AppError('CONFLICT', KEY_REUSED);
    // Claims written before bodies were fingerprinted have none: they are not compared.
    if (first.body && first.body !== claim.body) throw new AppError('UNPROCESSABLE_ENTITY', KEY_BODY_CHANGED);
    if (row.status !== null && row.body !== null) return { status: row.status, body: row.body };
    const stale = Date.now() - row.createdAt.getTime() > IDEMPOTENCY_STALE_MS;
    if (stale || !(await isProcessAlive(first.processId))) {
      // Only one retry can move the claim's clock: it is the one that runs.
      const taken = await db()
        .update(idempotencyKeys)
        .set({ createdAt: new Date(), requestHash: claim.owner })
        .where(and(where, isNull(idempotencyKeys.status), eq(idempotencyKeys.requestHash, row.requestHash)))
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

export async function storeAnswer(claim: TClaim, status: number, body: string) {
  await db().update(idempotencyKeys).set({ status, body }).where(claimWhere(claim));
}

export async function releaseKey(claim: TClaim) {
  await db().delete(idempotencyKeys).where(claimWhere(claim));
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
