import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { env } from '../env.ts';
import { ownDataDir } from '../lib/data-dir-lock.ts';
import { isDatabaseUnavailable } from '../lib/db-unavailable.ts';
import { attachPlaces } from '../services/places/attach-places.ts';
import { loadPlaces } from '../services/places/load-places.ts';
import { serveDumpRequests } from './embedded-dump.ts';
import * as schema from './schema/index.ts';

export type TSchema = typeof schema;
// Both drivers share drizzle's PgDatabase API; services only use that.
// biome-ignore lint/suspicious/noExplicitAny: the query-result HKT differs per driver
export type Db = PgDatabase<PgQueryResultHKT & any, TSchema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Connection = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself (PGlite only): the job queue talks to it directly. */
  pglite?: PGlite;
  /** The server's address (PostgreSQL only): the job queue and LISTEN open their own connections. */
  url?: string;
  /** The migrations, then the gazetteer's rows on a fresh database (load-places.ts). */
  migrate: () => Promise<void>;
  /**
   * LISTEN: on PostgreSQL on a dedicated connection (postgres.js keeps it and re-listens after
   * a reconnect, calling `onListen` each time); on PGlite within the process (notices its own
   * triggers raise). NOTIFY (PostgreSQL only) is for fan-out across processes.
   */
  listen?: (
    channel: string,
    onPayload: (payload: string) => void,
    onListen?: () => void,
  ) => Promise<{ unlisten: () => Promise<void> }>;
  notify?: (channel: string, payload: string) => Promise<void>;
  /**
   * PostgreSQL only: a second pool of connections that start with these settings (parameters
   * of the connection's start-up), one pool per distinct set, closed with this connection. A
   * request that needs them (a search's statement timeout) then runs its statements as they
   * are, instead of paying BEGIN, SET LOCAL and COMMIT each time.
   */
  withSettings?: (settings: Record<string, string>) => Db;
  /**
   * PostgreSQL only: each pool's connections now (the main pool, `settings(...)` for each
   * withSettings pool), for /metrics. The embedded database has no pool: one connection.
   */
  poolStats?: () => TPoolStats[];
  /** Runs `beforeClose` hooks (newest first), then closes the driver. */
  close: () => Promise<void>;
  /** Work to finish while the database is still open, e.g. stopping the job queue. */
  beforeClose: (hook: () => Promise<void>) => void;
};

/** One pool's use: connections idle, busy (running or reserved for a transaction) and opening, and queries waiting for one. */
export type TPoolStats = { pool: string; max: number; idle: number; busy: number; connecting: number; waiting: number };

/** What postgres.js reports of its pool (patches/postgres+3.4.9.patch adds it). */
type TDriverStats = Omit<TPoolStats, 'pool'>;
function driverStats(pool: string, client: unknown): TPoolStats[] {
  const stats = (client as { stats?: () => TDriverStats }).stats;
  return typeof stats === 'function' ? [{ pool, ...stats() }] : [];
}

/** close() that first runs the hooks registered with beforeClose. */
function closing(closeDriver: () => Promise<void>) {
  const hooks: (() => Promise<void>)[] = [];
  return {
    beforeClose: (hook: () => Promise<void>) => {
      hooks.push(hook);
    },
    close: async () => {
      for (const hook of hooks.splice(0).reverse()) {
        await hook().catch((err) => console.error('[db] a close hook failed', err));
      }
      await closeDriver();
    },
  };
}

let current: Connection | undefined;

/**
 * Options every embedded database is opened with: the extensions the migrations create
 * (pg_trgm for search suggestions, drizzle/0013_search_words.sql). Tests that open their own
 * PGlite pass these too.
 */
export function pgliteOptions(extra: PGliteOptions = {}): PGliteOptions {
  return { ...extra, extensions: { pg_trgm, ...extra.extensions } };
}

/** The drizzle/ folder, found from this file in source and from the bundle in dist/. */
export function migrationsFolder(): string {
  const candidates = [
    env().MIGRATIONS_DIR,
    path.resolve(process.cwd(), 'drizzle'),
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle'),
  ].filter((p): p is string => !!p);
  const found = candidates.find((p) => fs.existsSync(path.join(p, 'meta', '_journal.json')));
  if (!found) throw new Error(`drizzle migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

export function connectPglite(client: PGlite): Connection {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    listen: async (channel, onPayload, onListen) => {
      const unlisten = await client.listen(channel, onPayload);
      onListen?.();
      return { unlisten };
    },
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
      await loadPlaces({ db });
      await attachPlaces({ db });
    },
    ...closing(() => client.close()),
  };
}

/**
 * postgres.js starts an internal query (the array types) on every new connection and drops its
 * promise; a connection killed at that moment rejects it with nobody listening, which would end
 * the whole process. Such a rejection is a lost connection the pool already recovers from: log
 * it. Anything else is a real bug and still ends the process as Node's default does.
 */
let rejectionGuardInstalled = false;
function guardDriverRejections() {
  if (rejectionGuardInstalled) return;
  rejectionGuardInstalled = true;
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      console.warn('[db] a connection was lost during its set-up; the pool reconnects:', String(reason));
      return;
    }
    throw reason;
  });
}

/**
 * libpq's way to name a Unix socket, `?host=/var/run/postgresql` in the URL (a database on the
 * same machine, e.g. with peer authentication), which postgres.js would otherwise send to the
 * server as a setting and be refused.
 */
export function splitSocketDir(url: string): { url: string; socketDir?: string } {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  const host = parsed?.searchParams.get('host');
  if (!parsed || !host?.startsWith('/')) return { url };
  parsed.searchParams.delete('host');
  return { url: parsed.toString(), socketDir: host };
}

export function connectPostgres(url: string, max = 10): Connection {
  guardDriverRejections();
  const { url: target, socketDir } = splitSocketDir(url);
  const open = (connection: Record<string, string> = {}) =>
    postgres(target, {
      ...(socketDir ? { host: socketDir } : {}),
      max,
      idle_timeout: 30,
      connect_timeout: 10,
      // Reconnect delay after a connection error: postgres.js grows it as 3^n/100 s up to 20 s,
      // shared by the pool, so a burst of terminated connections (a failover, a restart) could
      // stall every query for many seconds. Capped at 1 s: the database is back, we are back.
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
      onnotice: () => {},
      connection,
    });
  const client = open();
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  const pools = new Map<string, { client: ReturnType<typeof open>; db: Db }>();
  const withSettings = (settings: Record<string, string>) => {
    const key = JSON.stringify(Object.entries(settings).sort());
    let pool = pools.get(key);
    if (!pool) {
      const extra = open(settings);
      pool = { client: extra, db: drizzlePostgres({ client: extra, schema }) as unknown as Db };
      pools.set(key, pool);
    }
    return pool.db;
  };
  const closeAll = async () => {
    const extras = [...pools.values()].map((p) => p.client.end({ timeout: 5 }));
    pools.clear();
    await Promise.all([client.end({ timeout: 5 }), ...extras]);
  };
  return {
    db,
    kind: 'postgres',
    url,
    listen: async (channel, onPayload, onListen) => {
      const { unlisten } = await client.listen(channel, onPayload, onListen);
      return { unlisten };
    },
    notify: async (channel, payload) => {
      await client.notify(channel, payload);
    },
    withSettings,
    poolStats: () => [
      ...driverStats('main', client),
      ...[...pools].flatMap(([key, p]) => driverStats(`settings(${settingsLabel(key)})`, p.client)),
    ],
    migrate: async () => {
      await migratePostgres(db as never, { migrationsFolder: migrationsFolder() });
      await loadPlaces({ db });
      await attachPlaces({ db });
    },
    ...closing(closeAll),
  };
}

/** `[["statement_timeout","1000"]]` (a withSettings key) as `statement_timeout=1000`. */
function settingsLabel(key: string): string {
  return (JSON.parse(key) as [string, string][]).map(([k, v]) => `${k}=${v}`).join(',');
}

/** Opens the database the environment asks for (PGlite in $DATA_DIR/pglite unless DATABASE_URL). */
export function openDatabase(): Connection {
  const e = env();
  if (e.DATABASE_URL) return connectPostgres(e.DATABASE_URL);
  // Two processes on one embedded database corrupt it: the first to open it owns it.
  ownDataDir(e.dataDir);
  const dir = path.join(e.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const pglite = new PGlite(dir, pgliteOptions());
  // `npm run backup` asks this process, the owner, for a copy while it runs.
  serveDumpRequests(pglite, e.dataDir);
  return connectPglite(pglite);
}

/** Makes `conn` the process-wide database (tests pass their own). */
export function useConnection(conn: Connection) {
  current = conn;
  return conn;
}

export function connection(): Connection {
  current ??= openDatabase();
  return current;
}

/** The process's database if one is open (never opens one: /metrics reads it). */
export function openConnection(): Connection | undefined {
  return current;
}

/** The process-wide drizzle instance. */
export function db(): Db {
  return connection().db;
}

export async function closeDatabase() {
  const c = current;
  current = undefined;
  await c?.close();
}

// Lets the server script close the bundled copy of this module on shutdown.
(globalThis as Record<symbol, unknown>)[Symbol.for('marketplace.closeDatabase')] = closeDatabase;
