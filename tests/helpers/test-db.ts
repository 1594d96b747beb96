import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { afterAll, inject } from 'vitest';
import { closeDatabase, connectPglite, connectPostgres, pgliteOptions, useConnection } from '../../api/db/client.ts';
import { resetEnv } from '../../api/env.ts';
import { jobQueue } from '../../api/jobs/queue.ts';
import { withDatabase } from './global-setup.ts';

export const driver = (process.env.TEST_DRIVER ?? 'pglite') as 'pglite' | 'postgres';

/**
 * A fresh, migrated database for this test file (PGlite in memory, or a copy of the
 * migrated PostgreSQL template), plus a private DATA_DIR for uploads and mail.
 */
export async function setupTestDb() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mkt-test-'));
  process.env.DATA_DIR = dataDir;
  process.env.SITE_URL = 'http://localhost:4321';
  resetEnv();
  let dropDb: (() => Promise<void>) | undefined;
  if (driver === 'postgres') {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `t_${process.ppid}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    useConnection(connectPostgres(withDatabase(url, name), 5));
    dropDb = async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    const dump = fs.readFileSync(inject('pgliteDump'));
    const pg = new PGlite(pgliteOptions({ loadDataDir: new Blob([dump]) }));
    useConnection(connectPglite(pg));
  }
  // Started up front: a job queued inside a transaction needs it running (api/jobs/queue.ts).
  await jobQueue();
  afterAll(async () => {
    await closeDatabase();
    await dropDb?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { dataDir };
}
