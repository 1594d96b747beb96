import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { env } from '../env.ts';
import { ownDataDir } from '../lib/data-dir-lock.ts';
import { isDatabaseUnavailable } from '../lib/db-unavailable.ts';
import * as schema from './schema/index.ts';

export type TSchema = typeof schema;
// Both drivers share drizzle's PgDatabase API; services only use that.
// biome-ignore lint/suspicious/noExplicitAny: the query-result HKT differs per driver
export type Db = PgDatabase<PgQueryResultHKT & any, TSchema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

type Connection = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

let current: Connection | undefined;

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
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    close: () => client.close(),
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

export function connectPostgres(url: string, max = 10): Connection {
  guardDriverRejections();
  const client = postgres(url, {
    max,
    idle_timeout: 30,
    connect_timeout: 10,
    // Reconnect delay after a connection error: postgres.js grows it as 3^n/100 s up to 20 s,
    // shared by the pool, so a burst of terminated connections (a failover, a restart) could
    // stall every query for many seconds. Capped at 1 s: the database is back, we are back.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
    onnotice: () => {},
  });
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(db as never, { migrationsFolder: migrationsFolder() }),
    close: () => client.end({ timeout: 5 }),
  };
}

/** Opens the database the environment asks for (PGlite in $DATA_DIR/pglite unless DATABASE_URL). */
export function openDatabase(): Connection {
  const e = env();
  if (e.DATABASE_URL) return connectPostgres(e.DATABASE_URL);
  // Two processes on one embedded database corrupt it: the first to open it owns it.
  ownDataDir(e.dataDir);
  const dir = path.join(e.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  return connectPglite(new PGlite(dir));
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
