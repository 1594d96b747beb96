import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { connectPglite, connectPostgres, pgliteOptions, useConnection } from '../../api/db/client.ts';
import { jobQueue } from '../../api/jobs/queue.ts';

/**
 * Migrate once, copy per test file (epic-stack's habit): a migrated PGlite data dir dump
 * for PGlite, a template database for PostgreSQL.
 */
export default async function setup(project: TestProject) {
  const driver = process.env.TEST_DRIVER ?? project.config.env?.TEST_DRIVER;
  if (driver === 'postgres') {
    const url = process.env.TEST_DATABASE_URL as string;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    const template = `tpl_${process.pid}`;
    await admin.unsafe(`DROP DATABASE IF EXISTS ${template}`);
    await admin.unsafe(`CREATE DATABASE ${template}`);
    const conn = connectPostgres(withDatabase(url, template), 1);
    await conn.migrate();
    await installJobQueue(conn);
    await conn.close();
    project.provide('pgTemplate', template);
    return async () => {
      // Per-file databases are dropped by their files; drop leftovers and the template.
      const left = await admin<
        { datname: string }[]
      >`SELECT datname FROM pg_database WHERE datname LIKE ${`t_${process.pid}_%`}`;
      for (const { datname } of left) await admin.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.unsafe(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const pg = new PGlite(pgliteOptions());
  const conn = connectPglite(pg);
  await conn.migrate();
  await installJobQueue(conn);
  const dump = await pg.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `pglite-migrated-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await conn.close();
  project.provide('pgliteDump', file);
  return () => fs.rmSync(file, { force: true });
}

/** pg-boss's schema, queues and schedules in the template too: each test file starts it in a moment. */
async function installJobQueue(conn: Parameters<typeof useConnection>[0]) {
  useConnection(conn);
  const boss = await jobQueue();
  // Stopped before the template is copied: nothing of pg-boss runs while it is dumped.
  await boss.stop({ graceful: false, close: false });
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    pgliteDump: string;
  }
}
