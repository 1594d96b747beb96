import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { env } from '../env.ts';
import { rowsOf } from '../lib/rows-of.ts';
import { type Connection, connection, connectPostgres } from './client.ts';

/**
 * Read replicas (DATABASE_REPLICA_URLS): the public reads (searches, listings, ad and city
 * pages, sitemaps, feeds) go to a streaming replica of the primary; writes, sessions and
 * everything else stay on the primary. A caller that has just written reads from the primary
 * for a short window (readYourWritesWindow, a cookie set by src/middleware.ts), so an ad
 * posted opens at once. A replica that does not answer, or whose replay is more than
 * REPLICA_MAX_LAG_MS behind the primary, is skipped; with none left, the primary serves.
 *
 * Lag is measured by WAL position, not by the time of the last replayed transaction (which
 * grows while the primary is idle): every check reads the primary's WAL insert position (not
 * the write position, which an asynchronous commit may not have reached yet) and keeps it
 * with the time; a replica's lag is how long ago the primary was at a position the replica has
 * not replayed yet (0 when it has replayed the latest).
 */

type TReplica = { url: string; conn: Connection; up: boolean; lagMs: number };
type TSet = { primary: Connection; replicas: TReplica[]; samples: { at: number; lsn: string }[]; next: number };

/** How often the replicas' health and lag are read. */
const CHECK_MS = 1000;
/** Primary WAL positions kept: enough to tell a lag up to the bound. */
const SAMPLES = 120;

let set: TSet | undefined;
let timer: ReturnType<typeof setInterval> | undefined;

/** The request's read preference: the primary after the caller's own write (src/middleware.ts). */
const preference = new AsyncLocalStorage<{ primary: boolean }>();

/** Runs `work` with its public reads on the primary (`primary`) or on a replica when one is fit. */
export function withReadPreference<T>(primary: boolean, work: () => T): T {
  return preference.run({ primary }, work);
}

/** The configured replicas' addresses (none: every read on the primary). */
export function replicaUrls(): string[] {
  return (env().DATABASE_REPLICA_URLS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
}

/** The cookie that keeps a caller's reads on the primary until its time (ms since 1970). */
export const READ_PRIMARY_COOKIE = 'read_primary_until';

/**
 * After a write by this caller, while replicas are in use: the Set-Cookie that keeps its reads
 * on the primary for the read-your-writes window; undefined without replicas.
 */
export function readPrimaryCookie(now = Date.now()): string | undefined {
  if (!replicaUrls().length) return undefined;
  const ms = readYourWritesWindowMs();
  return `${READ_PRIMARY_COOKIE}=${now + ms}; Max-Age=${Math.ceil(ms / 1000)}; Path=/; HttpOnly; SameSite=Lax`;
}

/** Whether a caller's cookie (its value) still keeps its reads on the primary. */
export const readsOnPrimary = (value: string | undefined, now = Date.now()) => Number(value) > now;

/** How long after a write its author reads from the primary (REPLICA_READ_YOUR_WRITES_MS). */
export function readYourWritesWindowMs(): number {
  return env().REPLICA_READ_YOUR_WRITES_MS;
}

function replicaSet(): TSet | undefined {
  const primary = connection();
  if (set?.primary === primary) return set;
  const urls = primary.kind === 'postgres' ? replicaUrls() : [];
  if (!urls.length) return undefined;
  const replicas = urls.map((url) => ({ url, conn: connectPostgres(url, 5), up: false, lagMs: Infinity }));
  const created: TSet = { primary, replicas, samples: [], next: 0 };
  set = created;
  primary.beforeClose(async () => {
    if (set === created) {
      set = undefined;
      if (timer) clearInterval(timer);
      timer = undefined;
    }
    await Promise.all(replicas.map((r) => r.conn.close()));
  });
  void checkReplicas(created);
  timer = setInterval(() => void checkReplicas(created), CHECK_MS);
  timer.unref();
  return created;
}

/** Reads the primary's WAL position, then each replica's replay position and so its lag. */
async function checkReplicas(target: TSet | undefined = set): Promise<void> {
  if (!target) return;
  try {
    const [row] = rowsOf<{ lsn: string }>(
      await target.primary.db.execute(sql`SELECT pg_current_wal_insert_lsn()::text AS lsn`),
    );
    if (row) target.samples.push({ at: Date.now(), lsn: row.lsn });
    if (target.samples.length > SAMPLES) target.samples.shift();
  } catch {
    // The primary is down: the replicas' lag cannot be told, and every read fails over anyway.
  }
  await Promise.all(target.replicas.map((r) => checkReplica(target, r)));
}

async function checkReplica(target: TSet, replica: TReplica) {
  try {
    const [row] = rowsOf<{ replay: string | null }>(
      await replica.conn.db.execute(sql`SELECT pg_last_wal_replay_lsn()::text AS replay`),
    );
    // Not in recovery (a primary, or a promoted replica): not a copy to read from.
    replica.up = Boolean(row?.replay);
    replica.lagMs = row?.replay ? lagOf(target, lsnValue(row.replay)) : Infinity;
  } catch {
    replica.up = false;
  }
}

/** A WAL position ('16/B374D848') as one number. */
export function lsnValue(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/**
 * How far behind the primary a replica that has replayed up to `replay` is: how long ago the
 * primary was at the oldest sampled position the replica has not reached (0 when it has
 * reached them all).
 */
export function lagOf(target: { samples: { at: number; lsn: string }[] }, replay: bigint, now = Date.now()): number {
  const missing = target.samples.find((s) => lsnValue(s.lsn) > replay);
  // At least 1 ms when behind at all: 0 means it has replayed everything read.
  return missing ? Math.max(1, now - missing.at) : 0;
}

/**
 * The connection a public read uses: a replica that answers and is within the lag bound (in
 * turn), unless the request prefers the primary (its caller just wrote); else the primary.
 */
export function readConnection(): Connection {
  const primary = connection();
  if (preference.getStore()?.primary) return primary;
  const current = replicaSet();
  if (!current) return primary;
  const maxLag = env().REPLICA_MAX_LAG_MS;
  const fit = current.replicas.filter((r) => r.up && r.lagMs <= maxLag);
  if (!fit.length) return primary;
  current.next = (current.next + 1) % fit.length;
  return (fit[current.next] as TReplica).conn;
}

/** Reads the replicas' health and lag now (they are read every second anyway). */
export async function checkReplicasNow(): Promise<void> {
  const current = replicaSet();
  if (current) await checkReplicas(current);
}

/** Which replicas are in use now, for tests and operators. */
export function replicaStates(): { url: string; up: boolean; lagMs: number }[] {
  return (replicaSet()?.replicas ?? []).map(({ url, up, lagMs }) => ({ url, up, lagMs }));
}

/** readConnection()'s drizzle instance: what a public read queries. */
export const readDb = () => readConnection().db;
