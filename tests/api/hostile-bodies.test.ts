import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SHAPE_NAMES } from '../helpers/hostile-shapes.ts';

// Each walk sends several bodies to every route the app has (over 100 now), one at a time:
// minutes on a loaded machine. Each request is still held to its 100 ms budget below; this is
// only how long a whole walk may take.
vi.setConfig({ testTimeout: 300_000 });

import {
  admin,
  appRoutes,
  BUDGET_MS,
  bearer,
  customer,
  hostileSender,
  server,
  type TRoute,
  tokenOf,
  useHostileApp,
} from '../helpers/hostile-sender.ts';
import { driver } from '../helpers/test-db.ts';

/**
 * Hostile bodies against every route of the real app, served on a loopback port the way
 * Astro serves it: each must be refused (4xx) within 100 ms while /api/healthz, polled the
 * whole time, keeps answering within 100 ms. Routes come from the app itself, so a new one
 * is covered without touching this file.
 */

const MB = 1024 * 1024;

useHostileApp();

// ---------------------------------------------------------------------------------------
// The routes, from the app.

const ROUTES = appRoutes();
const BODY_ROUTES = ROUTES.filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
const GET_ROUTES = ROUTES.filter((r) => r.method === 'GET');

const { timed } = hostileSender(() => server.origin);

async function hostile(route: TRoute, token: string | undefined, shape: string, size: number, chunked = false) {
  const res = await timed({ method: route.method, path: route.path, headers: bearer(token), shape, size, chunked });
  const label = `${route.method} ${route.path} ${shape} ${(res.bytes / 1024).toFixed(0)} KB${chunked ? ' chunked' : ''}`;
  return { ...res, label };
}

/** Polls /api/healthz (and watches the event loop) while `work` runs; returns the worst of each. */
async function whileWatchingHealth(work: () => Promise<void>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const latencies: number[] = [];
  let stop = false;
  const poll = (async () => {
    while (!stop) {
      const started = performance.now();
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get(`${server.origin}/api/healthz`, { agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          })
          .on('error', reject);
      });
      expect(status).toBe(200);
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  loop.enable();
  try {
    await work();
  } finally {
    stop = true;
    loop.disable();
    await poll;
    agent.destroy();
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const ms = (v: number) => Math.round(v * 10) / 10;
  const health = {
    polls: sorted.length,
    healthP50Ms: ms(at(0.5)),
    healthP95Ms: ms(at(0.95)),
    healthP99Ms: ms(at(0.99)),
    healthMaxMs: ms(sorted[sorted.length - 1] ?? 0),
    loopP99Ms: ms(loop.percentile(99) / 1e6),
    loopMaxMs: ms(loop.max / 1e6),
  };
  console.log('[hostile-bodies] /healthz and event loop while under attack:', JSON.stringify(health));
  return health;
}

function expectFastRefusals(
  results: { status: number; ms: number; cpuMs?: number; label: string }[],
  allow2xx = false,
) {
  const bad = results.filter(
    (r) => r.status >= 500 || (!allow2xx && r.status < 400) || r.ms >= BUDGET_MS || (r.cpuMs ?? 0) >= BUDGET_MS,
  );
  expect(
    bad.map((r) => `${r.label} → ${r.status} in ${r.ms.toFixed(0)} ms (${r.cpuMs?.toFixed(0)} ms CPU)`),
    `${bad.length} of ${results.length} requests`,
  ).toEqual([]);
  const cpu = results.map((r) => r.cpuMs ?? 0).sort((a, b) => a - b);
  const wall = results.map((r) => r.ms).sort((a, b) => a - b);
  console.log(
    `[hostile-bodies] ${results.length} requests: wall p50 ${wall[Math.floor(wall.length / 2)]?.toFixed(1)} ms, max ${wall.at(-1)?.toFixed(1)} ms; server CPU p50 ${cpu[Math.floor(cpu.length / 2)]?.toFixed(1)} ms, max ${cpu.at(-1)?.toFixed(1)} ms`,
  );
}

/**
 * /healthz kept answering: 95% of polls within the budget, and none stalled (the attack this
 * guards against held every request for 24 s). No request may hold the loop that long
 * either: expectFastRefusals checks each one's CPU time. On a quiet machine the 99th
 * percentile is a few ms; a shared, loaded one (other test runs, browsers) adds scheduling
 * delays to any poll, which is why this does not demand the same of the last percent.
 */
function expectHealthy(health: Awaited<ReturnType<typeof whileWatchingHealth>>) {
  expect(health.polls).toBeGreaterThan(10);
  expect(health.healthP95Ms, JSON.stringify(health)).toBeLessThan(BUDGET_MS);
  expect(health.healthMaxMs, JSON.stringify(health)).toBeLessThan(10 * BUDGET_MS);
}

// A first pass loads every lazily imported module and warms the JIT, so the timed passes
// measure the requests, not this process starting up.
beforeAll(async () => {
  const token = await tokenOf(admin);
  for (const route of BODY_ROUTES) {
    for (const shape of ['json [ x N', 'form < in every field']) await hostile(route, token, shape, 2048);
  }
}, 60_000);

describe(`hostile bodies on every route on ${driver}`, () => {
  it('enumerates the routes from the app, upload routes included', () => {
    expect(BODY_ROUTES.length).toBeGreaterThan(20);
    expect(BODY_ROUTES.filter((r) => r.streamed).map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /api/ads/add', 'POST /api/ads/update', 'POST /api/uploads/image']),
    );
  });

  it('refuses 1 MB and 3 MB of every hostile shape on every route with a 4xx in under 100 ms; /healthz stays under 100 ms', async () => {
    const results: Awaited<ReturnType<typeof hostile>>[] = [];
    const health = await whileWatchingHealth(async () => {
      for (const route of BODY_ROUTES) {
        const token = await tokenOf(admin);
        for (const shape of SHAPE_NAMES) results.push(await hostile(route, token, shape, 1 * MB));
        results.push(await hostile(route, token, 'json [ x N', 3 * MB));
        results.push(await hostile(route, token, 'form one huge field', 3 * MB));
        // Anonymous: refused before or after the body, never slowly.
        results.push(await hostile(route, undefined, 'json [ x N', 1 * MB));
      }
    });
    expectFastRefusals(results);
    expectHealthy(health);
  });

  it('refuses the same bodies sent chunked, without Content-Length', async () => {
    const results: Awaited<ReturnType<typeof hostile>>[] = [];
    const health = await whileWatchingHealth(async () => {
      for (const route of BODY_ROUTES) {
        const token = await tokenOf(admin);
        for (const shape of ['json [ x N', 'json {"a": x N', 'form one huge field', 'form many fields']) {
          results.push(await hostile(route, token, shape, route.streamed ? 2 * MB : 1 * MB + 1, true));
        }
      }
    });
    expectFastRefusals(results);
    expectHealthy(health);
  });

  it('answers hostile bodies just under each route limit (they reach the parsers and schemas) in under 100 ms, never 5xx', async () => {
    const results: Awaited<ReturnType<typeof hostile>>[] = [];
    const health = await whileWatchingHealth(async () => {
      for (const route of BODY_ROUTES) {
        // Upload routes: just under the per-field cap; the rest: just under the body limit.
        const size = route.streamed ? 200 * 1024 : Math.floor(route.limit * 0.9);
        for (const user of [admin, customer]) {
          const token = await tokenOf(user);
          for (const shape of SHAPE_NAMES) results.push(await hostile(route, token, shape, size));
        }
      }
    });
    // Routes that read no body (logout, deletes of a missing id) may answer 2xx or 404.
    expectFastRefusals(results, true);
    expectHealthy(health);
  });

  it('property: any route, any shape, 1–4 MB, chunked or not, any caller → 4xx in under 100 ms', async () => {
    const tokens = { admin: await tokenOf(admin), customer: await tokenOf(customer), anonymous: undefined };
    const results: Awaited<ReturnType<typeof hostile>>[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BODY_ROUTES.filter((r) => !r.path.endsWith('/logout'))),
        fc.constantFrom(...SHAPE_NAMES),
        fc.integer({ min: 1 * MB, max: 4 * MB }),
        fc.boolean(),
        fc.constantFrom<keyof typeof tokens>('admin', 'customer', 'anonymous'),
        async (route, shape, size, inChunks, who) => {
          const res = await hostile(route, tokens[who], shape, size, inChunks);
          results.push(res);
          expect(res.status, res.label).toBeGreaterThanOrEqual(400);
          expect(res.status, res.label).toBeLessThan(500);
          expect(res.ms, res.label).toBeLessThan(BUDGET_MS);
          expect(res.cpuMs, res.label).toBeLessThan(BUDGET_MS);
        },
      ),
      { numRuns: 60 },
    );
    expect(results.length).toBe(60);
  });

  it('hostile query strings on every GET route never cause a 5xx and answer in under 100 ms', async () => {
    const token = await tokenOf(admin);
    const results: { status: number; ms: number; label: string }[] = [];
    const values = [
      '['.repeat(6000),
      '<'.repeat(6000),
      '{"a":'.repeat(1200),
      `${'%5B'.repeat(2000)}`,
      'a'.repeat(6000),
    ];
    for (const route of GET_ROUTES) {
      for (const v of values) {
        const q = ['q', 'search', 'sort', 'page', 'limit', 'min_price']
          .map((k) => `${k}=${v.slice(0, 1000)}`)
          .join('&');
        const res = await timed({
          method: 'GET',
          path: `${route.path}?${q}`,
          headers: bearer(token),
          type: '',
          body: Buffer.alloc(0),
        });
        results.push({ ...res, label: `GET ${route.path} ${v.slice(0, 5)}…` });
      }
    }
    expectFastRefusals(results, true);
  });
});

// ---------------------------------------------------------------------------------------
// Uploads: streamed, stopped early.

/** A PNG of the given size that compresses to almost nothing (one colour). */
