import { type ChildProcess, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import postgres from 'postgres';
import { spawnServer } from './spawned-server.ts';

/**
 * WEB_CONCURRENCY: the started server (scripts/start.mjs) runs several worker processes on one
 * port, replaces a worker that dies, and stops them all on SIGTERM. Needs PostgreSQL (the
 * embedded database allows one process): runs when TEST_DATABASE_URL is set, as in CI.
 */

const PORT = Number(process.env.E2E_PORT ?? 4510) + 41;
/** The primary's /metrics listener (server/cluster.ts), clear of the shared server's (+ 90). */
const METRICS_PORT = PORT + 51;
const adminUrl = process.env.TEST_DATABASE_URL;
const dbName = `e2e_workers_${process.pid}`;

const children = (pid: number) => {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
};
/** The status of a GET on a new connection (a kept-alive one may lead to a killed worker); 0 on failure. */
const status = (url: string) =>
  new Promise<number>((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.setTimeout(3000, () => req.destroy());
    req.on('error', () => resolve(0));
  });

test.describe('several worker processes', () => {
  test.skip(!adminUrl, 'needs PostgreSQL (TEST_DATABASE_URL)');
  let server: ChildProcess | undefined;
  let sql: postgres.Sql | undefined;

  test.beforeAll(async () => {
    sql = postgres(adminUrl as string, { max: 1, onnotice: () => {} });
    await sql.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await sql.unsafe(`CREATE DATABASE ${dbName}`);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await sql?.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await sql?.end();
    fs.rmSync(path.resolve(`data/e2e-workers-${PORT}`), { recursive: true, force: true });
  });

  test('share the port, replace a worker that dies, and all stop on SIGTERM', async () => {
    test.setTimeout(150_000);
    const url = new URL(adminUrl as string);
    url.pathname = `/${dbName}`;
    const spawned = spawnServer(PORT, {
      DATABASE_URL: url.toString(),
      DATA_DIR: path.resolve(`data/e2e-workers-${PORT}`),
      WEB_CONCURRENCY: '2',
      METRICS_PORT: String(METRICS_PORT),
    });
    server = spawned.child;
    const { exited, output } = spawned;
    const site = `http://localhost:${PORT}`;
    await expect.poll(() => status(`${site}/healthz`), { timeout: 120_000 }).toBe(200);
    expect(output()).toContain('Serving with 2 worker processes');

    const primary = server.pid as number;
    await expect.poll(() => children(primary).length).toBe(2);
    // Both workers serve the demo content the primary seeded once.
    for (let i = 0; i < 6; i++) expect(await status(`${site}/api/all-ads?limit=1`)).toBe(200);
    // METRICS_PORT belongs to the primary, which adds up the workers' figures: all six requests
    // show, whichever worker (and whether the page cache) answered them.
    const metrics = await (await fetch(`http://localhost:${METRICS_PORT}/metrics`)).text();
    expect(metrics).toMatch(/^http_requests_total\{method="GET",route="\/api\/all-ads",status="200"\} 6$/m);

    // A worker killed outright: the other keeps answering, and a new one takes its place.
    const [victim] = children(primary);
    process.kill(victim, 'SIGKILL');
    // A connection handed out in the instant before the primary hears of the death can be
    // lost (node:cluster); from then on the surviving worker answers every request.
    await expect.poll(() => status(`${site}/`), { timeout: 10_000 }).toBe(200);
    for (let i = 0; i < 6; i++) expect(await status(`${site}/`)).toBe(200);
    await expect.poll(() => children(primary).filter((pid) => pid !== victim).length, { timeout: 10_000 }).toBe(2);
    expect(output()).toContain(`Worker ${victim} exited (SIGKILL); starting another.`);

    // SIGTERM to the primary: every worker finishes and the whole server exits cleanly.
    const workers = children(primary);
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    expect(await status(`${site}/healthz`)).toBe(0);
  });
});
