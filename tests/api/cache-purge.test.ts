import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRules } from '../../api/access-rules.ts';
import { db } from '../../api/db/client.ts';
import { resetEnv } from '../../api/env.ts';
import { JOB_SCHEMA } from '../../api/jobs/queue.ts';
import { runQueuedJobs } from '../../api/jobs/workers.ts';
import { purgeKeysFor, surrogateKeysFor } from '../../api/lib/surrogate-keys.ts';
import { queueCachePurge } from '../../api/services/cache/purge-caches.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// A write purges the shared caches in front (CACHE_PURGE_URLS) from a job, one per cache: a
// real HTTP server stands in for each cache here and records the PURGE requests it gets; one
// that refuses leaves its job to be retried, without asking the other again.

type TPurge = { method: string; keys: string };
const received: Record<string, TPurge[]> = { up: [], down: [] };
const servers: http.Server[] = [];
const urls: Record<string, string> = {};

async function cache(name: 'up' | 'down', status: number) {
  const server = http.createServer((req, res) => {
    received[name]?.push({ method: req.method ?? '', keys: String(req.headers['surrogate-key'] ?? '') });
    res.writeHead(status).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  urls[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

async function purgeJobs() {
  const res = (await db().execute(
    sql.raw(`SELECT state::text AS state, data->>'url' AS url FROM ${JOB_SCHEMA}.job WHERE name = 'cache-purge'`),
  )) as unknown as { state: string; url: string }[] | { rows: { state: string; url: string }[] };
  return Array.isArray(res) ? res : res.rows;
}

beforeAll(async () => {
  await setupTestDb();
  await cache('up', 200);
  await cache('down', 503);
});

afterAll(async () => {
  delete process.env.CACHE_PURGE_URLS;
  resetEnv();
  for (const s of servers) await new Promise((r) => s.close(r));
});

describe(`shared cache purges on ${driver}`, () => {
  it('sends the keys to every cache once, and retries only the one that refused', async () => {
    process.env.CACHE_PURGE_URLS = `${urls.up}, ${urls.down}`;
    resetEnv();
    await queueCachePurge(['ads', 'pages']);
    const run = await runQueuedJobs(['cache-purge']);
    expect(run).toEqual({ ran: 2, failed: 1 });
    expect(received.up).toEqual([{ method: 'PURGE', keys: 'ads pages' }]);
    expect(received.down).toEqual([{ method: 'PURGE', keys: 'ads pages' }]);
    const jobs = await purgeJobs();
    expect(jobs.find((j) => j.url === urls.up)?.state).toBe('completed');
    expect(jobs.find((j) => j.url === urls.down)?.state).toBe('retry');
  });

  it('queues nothing without caches', async () => {
    delete process.env.CACHE_PURGE_URLS;
    resetEnv();
    const before = (await purgeJobs()).length;
    await queueCachePurge(['site']);
    expect((await purgeJobs()).length).toBe(before);
  });
});

describe('surrogate keys', () => {
  it('name what every public write changes, and what every public answer shows', () => {
    const writes = accessRules().filter((r) => r.method !== 'GET' && r.pageCache === 'empties');
    expect(writes.length).toBeGreaterThan(20);
    for (const w of writes) {
      const sample = w.path.replace(/:(\w+)(\{[^}]*\})?/g, '7');
      const keys = purgeKeysFor(sample);
      expect(keys.length, w.key).toBeGreaterThan(0);
      // Every key a write purges is on the answers that show it.
      expect(['site', 'ads', 'pages'], w.key).toEqual(expect.arrayContaining(keys));
    }
    expect(purgeKeysFor('/api/ads/update')).toEqual(['ads']);
    expect(purgeKeysFor('/api/users/7/ban')).toEqual(['ads']);
    expect(purgeKeysFor('/api/faqs/3')).toEqual(['pages']);
    expect(purgeKeysFor('/api/category/add-edit')).toEqual(['site']);
    expect(purgeKeysFor('/api/update-settings')).toEqual(['site']);
    expect(surrogateKeysFor('/add-details/oak-table')).toEqual(['site', 'ads', 'pages']);
    expect(surrogateKeysFor('/api/all-ads')).toEqual(['site', 'ads']);
    expect(surrogateKeysFor('/api/places')).toEqual(['site', 'places']);
    expect(surrogateKeysFor('/faqs')).toEqual(['site', 'pages']);
  });
});
