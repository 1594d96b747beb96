import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../api/app.ts';
import { createSession } from '../../api/auth/session.ts';
import { db } from '../../api/db/client.ts';
import { siteSettings } from '../../api/db/schema/index.ts';
import { bodyLimitFor } from '../../api/lib/body-limit.ts';
import { BODY_LIMITS, MAX_IMAGE_BYTES } from '../../api/lib/limits.ts';
import { FORM_RESERVED_NAME, FORM_TOO_MANY_FILES } from '../../api/lib/multipart.ts';
import { forgetLimiters, resetRateLimits, TOO_MANY_UPLOADS } from '../../api/middleware/rate-limit.ts';
import { dropSettingsCache } from '../../api/services/settings/get-settings.ts';
import { IMAGE_TOO_LARGE, MAX_INPUT_PIXELS } from '../../api/storage/images.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { makeUser } from '../helpers/client.ts';
import { multipart, SHAPE_NAMES, type TBody } from '../helpers/hostile-shapes.ts';
import type { THostileAnswer, THostileRequest } from '../helpers/hostile-worker.ts';

// Each walk sends several bodies to every route the app has (over 100 now), one at a time:
// minutes on a loaded machine. Each request is still held to its 100 ms budget below; this is
// only how long a whole walk may take.
vi.setConfig({ testTimeout: 300_000 });

import { send } from '../helpers/http-send.ts';
import { serveApp, type TServedApp } from '../helpers/serve-app.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

/**
 * Hostile bodies against every route of the real app, served on a loopback port the way
 * Astro serves it: each must be refused (4xx) within 100 ms while /api/healthz, polled the
 * whole time, keeps answering within 100 ms. Routes come from the app itself, so a new one
 * is covered without touching this file.
 */

const BUDGET_MS = 100;
const MB = 1024 * 1024;
/** An id that no row has: the matrix must not delete or change real rows. */
const NO_SUCH_ID = '2147483000';

type TUser = Awaited<ReturnType<typeof makeUser>>;
let server: TServedApp;
let admin: TUser;
let customer: TUser;
let owner: TUser;
let othersAdId = 0;
let ownAdId = 0;

beforeAll(async () => {
  await setupTestDb();
  server = await serveApp();
  admin = await makeUser({ role: 'admin' });
  customer = await makeUser();
  owner = await makeUser();
  const category = await insertCategory({ name: 'Hostile', slug: 'hostile' });
  othersAdId = (await insertAd({ heading: 'Not yours', categoryId: category.id, userId: owner.user.id })).id;
  ownAdId = (await insertAd({ heading: 'Yours', categoryId: category.id, userId: customer.user.id })).id;
});
afterAll(async () => {
  await server?.close();
});

/** A fresh bearer token (a hostile body to /user/logout may end the previous one). */
const tokenOf = async (u: TUser) => (await createSession({ userId: u.user.id })).token;

// ---------------------------------------------------------------------------------------
// The routes, from the app.

type TRoute = { method: string; path: string; limit: number; streamed: boolean };

const ROUTES: TRoute[] = (() => {
  const seen = new Map<string, TRoute>();
  for (const r of createApp().routes) {
    if (r.method === 'ALL') continue;
    const path = r.path.replace(/:(\w+)(\{[^}]*\})?/g, (_m, name: string) => (name === 'slug' ? 'x' : NO_SUCH_ID));
    const key = `${r.method} ${path}`;
    if (!seen.has(key)) seen.set(key, { method: r.method, path, ...bodyLimitFor(r.method, path) });
  }
  return [...seen.values()];
})();
const BODY_ROUTES = ROUTES.filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
const GET_ROUTES = ROUTES.filter((r) => r.method === 'GET');

// ---------------------------------------------------------------------------------------
// The sender: a worker thread (tests/helpers/hostile-worker.ts), so that building and
// sending megabytes never blocks the event loop whose responsiveness is being measured.

let client: Worker;
let nextId = 0;
const waiting = new Map<number, (a: THostileAnswer) => void>();
beforeAll(() => {
  client = new Worker(new URL('../helpers/hostile-worker.ts', import.meta.url));
  client.on('message', (a: THostileAnswer) => {
    waiting.get(a.id)?.(a);
    waiting.delete(a.id);
  });
});
afterAll(async () => {
  await client?.terminate();
});

type TRequest = { method: string; path: string; headers?: Record<string, string>; chunked?: boolean } & (
  | { shape: string; size: number }
  | TBody
);

function viaWorker(r: TRequest): Promise<THostileAnswer> {
  const id = ++nextId;
  const base = {
    id,
    origin: server.origin,
    method: r.method,
    path: r.path,
    headers: r.headers ?? {},
    chunked: !!r.chunked,
  };
  const message: THostileRequest =
    'shape' in r ? { ...base, shape: r.shape, size: r.size } : { ...base, type: r.type, body: new Uint8Array(r.body) };
  return new Promise((resolve, reject) => {
    waiting.set(id, (a) => (a.error ? reject(new Error(a.error)) : resolve(a)));
    client.postMessage(message);
  });
}

const bearer = (token: string | undefined): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

/**
 * One hostile request, timed two ways: the wall time to the answer, and the CPU time this
 * thread (the server's event loop) spent meanwhile (process.threadCpuUsage), which other
 * processes on a shared machine cannot inflate. A request over the budget on either is sent
 * again, up to eight times, and the best of each counts: a real stall (the loop blocked by
 * parsing or validation) is slow every time, a busy machine only now and then.
 */
async function timed(r: TRequest, beforeEach?: () => void) {
  let best: (THostileAnswer & { cpuMs: number }) | undefined;
  for (let attempt = 0; attempt < 8; attempt++) {
    beforeEach?.();
    const cpu0 = process.threadCpuUsage();
    const res = await viaWorker(r);
    const cpu = process.threadCpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    best = best ? { ...res, ms: Math.min(best.ms, res.ms), cpuMs: Math.min(best.cpuMs, cpuMs) } : { ...res, cpuMs };
    if (res.status >= 500 || (best.ms < BUDGET_MS && best.cpuMs < BUDGET_MS)) break;
  }
  return best as THostileAnswer & { cpuMs: number };
}

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
async function flatPng(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
}

const adFields = (extra: Record<string, string> = {}) =>
  Object.entries({
    heading: 'Bike',
    description: '<p>Good bike</p>',
    category: 'hostile',
    price: '10',
    rating: '3',
    location: 'Town',
    ...extra,
  }).map(([name, value]) => ({ name, value }));

async function setPhotoLimit(photos: number) {
  const values = { freenumberphotoAds: photos, freenumberads: 100 };
  await db()
    .insert(siteSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: siteSettings.id, set: values });
  dropSettingsCache();
}

describe(`streamed uploads on ${driver}`, () => {
  let smallPng: Buffer;
  beforeAll(async () => {
    smallPng = await flatPng(40, 30);
  });

  it('answers 413 at the first file over 10 MB without reading the rest of a 39 MB body', async () => {
    const token = await tokenOf(customer);
    const tooBig = Buffer.concat([smallPng, Buffer.alloc(MAX_IMAGE_BYTES + 2 * MB)]);
    // An ad form: its route takes 40 MB, so the Content-Length passes and the file limit acts.
    const { type, body } = multipart([
      ...adFields(),
      { name: 'image', value: tooBig, filename: 'a.png', type: 'image/png' },
      { name: 'gallery[]', value: Buffer.alloc(39 * MB - tooBig.length), filename: 'b.png', type: 'image/png' },
    ]);
    expect(body.length).toBeGreaterThan(38 * MB);
    for (const inChunks of [false, true]) {
      server.resetBytesRead();
      const res = await viaWorker({
        method: 'POST',
        path: '/api/ads/add',
        headers: bearer(token),
        type,
        body,
        chunked: inChunks,
      });
      expect(res.status).toBe(413);
      expect((res.json as { error: string }).error).toBe(IMAGE_TOO_LARGE);
      // It stopped a little past 10 MB (socket and parser buffers), not at 39 MB.
      expect(server.bytesRead()).toBeLessThan(MAX_IMAGE_BYTES + 2 * MB);
      expect(res.ms).toBeLessThan(1000);
    }
  });

  it('refuses a body over the route limit on its Content-Length at once, before reading any of it', async () => {
    const token = await tokenOf(customer);
    const body = Buffer.alloc(BODY_LIMITS.oneImageForm + 1);
    const res = await timed(
      {
        method: 'POST',
        path: '/api/uploads/image',
        headers: bearer(token),
        type: 'multipart/form-data; boundary=x',
        body,
      },
      server.resetBytesRead,
    );
    expect(res.status).toBe(413);
    expect(res.ms).toBeLessThan(BUDGET_MS);
    expect(res.cpuMs).toBeLessThan(BUDGET_MS);
    expect(server.bytesRead()).toBeLessThan(1 * MB);
  });

  it('refuses the first file past the count on a one-image form (413), without reading the rest', async () => {
    const token = await tokenOf(admin);
    const filler = Buffer.concat([smallPng, Buffer.alloc(4 * MB)]);
    const { type, body } = multipart([
      { name: 'name', value: 'Two images' },
      { name: 'slug', value: 'two-images' },
      { name: 'image', value: smallPng, filename: 'a.png', type: 'image/png' },
      { name: 'image', value: filler, filename: 'b.png', type: 'image/png' },
      { name: 'image', value: filler, filename: 'c.png', type: 'image/png' },
    ]);
    server.resetBytesRead();
    const res = await viaWorker({
      method: 'POST',
      path: '/api/category/add-edit',
      headers: bearer(token),
      type,
      body,
      chunked: true,
    });
    expect(res.status).toBe(413);
    expect(res.json.error).toBe(FORM_TOO_MANY_FILES);
    expect(server.bytesRead()).toBeLessThan(body.length - 4 * MB);
  });

  it("bounds an ad form by the plan: extra gallery files are skipped unread, and the body may not exceed the plan's images", async () => {
    await setPhotoLimit(1);
    const token = await tokenOf(customer);
    // Main image + 1 gallery photo allowed: (1 + 1) × 10 MB + 1 MB of fields.
    const planBytes = 2 * MAX_IMAGE_BYTES + 1 * MB;
    const big = Buffer.concat([smallPng, Buffer.alloc(5 * MB)]);
    const { type, body } = multipart([
      ...adFields(),
      { name: 'image', value: smallPng, filename: 'main.png', type: 'image/png' },
      ...Array.from({ length: 6 }, (_, i) => ({
        name: 'gallery[]',
        value: big,
        filename: `g${i}.png`,
        type: 'image/png',
      })),
    ]);
    expect(body.length).toBeGreaterThan(planBytes);
    for (const inChunks of [false, true]) {
      server.resetBytesRead();
      const res = await viaWorker({
        method: 'POST',
        path: '/api/ads/add',
        headers: bearer(token),
        type,
        body,
        chunked: inChunks,
      });
      expect(res.status).toBe(413);
      expect(server.bytesRead()).toBeLessThanOrEqual(planBytes + 1 * MB);
    }
    await setPhotoLimit(5);
  });

  it('refuses a 6300×6300 PNG (128 KB-class, 40 Mpx) quickly on ad update and the editor, before decoding it', async () => {
    expect(6300 * 6300).toBeGreaterThan(MAX_INPUT_PIXELS);
    const png = await flatPng(6300, 6300);
    const token = await tokenOf(customer);
    const cases = [
      { path: '/api/ads/update', parts: adFields({ id: String(ownAdId) }) },
      { path: '/api/uploads/image', parts: [] },
    ];
    for (const { path, parts } of cases) {
      const { type, body } = multipart([
        ...parts,
        { name: 'image', value: png, filename: 'big.png', type: 'image/png' },
      ]);
      const res = await timed({ method: 'POST', path, headers: bearer(token), type, body });
      expect(res.status, JSON.stringify(res.json)).toBe(413);
      expect(res.json.error).toBe('The image dimensions are too large.');
      // Before: 2.7 s of CPU per request.
      expect(res.ms).toBeLessThan(BUDGET_MS);
      expect(res.cpuMs).toBeLessThan(BUDGET_MS);
    }
  });

  it("refuses someone else's ad update with 403 before validating or reading files, whatever the body", async () => {
    const token = await tokenOf(customer);
    const bodies = [
      // The finding: 100,000 `<` in the description of an ad the caller does not own.
      multipart(adFields({ id: String(othersAdId), description: '<'.repeat(100_000) })),
      multipart([
        { name: 'id', value: String(othersAdId) },
        { name: 'image', value: Buffer.alloc(8 * MB), filename: 'x.png', type: 'image/png' },
        ...adFields({ description: '<'.repeat(200_000) }),
      ]),
    ];
    for (const { type, body } of bodies) {
      const res = await timed(
        { method: 'POST', path: '/api/ads/update', headers: bearer(token), type, body },
        server.resetBytesRead,
      );
      expect(res.status).toBe(403);
      expect(res.ms).toBeLessThan(BUDGET_MS);
      expect(res.cpuMs).toBeLessThan(BUDGET_MS);
      expect(server.bytesRead()).toBeLessThan(2 * MB);
    }
  });
});

// ---------------------------------------------------------------------------------------
// Reserved field names.

describe(`reserved form field names on ${driver}`, () => {
  const NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__proto__[]'];

  it('answer 400 on every form route, as text fields, file fields and urlencoded keys, never 500', async () => {
    const failures: string[] = [];
    for (const route of BODY_ROUTES.filter((r) => r.streamed)) {
      const token = await tokenOf(admin);
      for (const name of NAMES) {
        const bodies: TBody[] = [
          multipart([{ name, value: 'x' }, ...adFields()]),
          multipart([{ name, value: Buffer.from('x'), filename: 'x.png', type: 'image/png' }]),
          { type: 'application/x-www-form-urlencoded', body: Buffer.from(`${encodeURIComponent(name)}=x&name=a`) },
        ];
        for (const { type, body } of bodies) {
          const res = await viaWorker({ method: route.method, path: route.path, headers: bearer(token), type, body });
          if (res.status !== 400 || res.json?.error !== FORM_RESERVED_NAME) {
            failures.push(
              `${route.method} ${route.path} ${name} (${type.split(';')[0]}) → ${res.status} ${JSON.stringify(res.json)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------
// Admin link fields.

describe(`admin link fields on ${driver}`, () => {
  const LINK_FIELDS = ['homepageleftsideadslink', 'homepagetopheaderAdslink', 'adsdetailspageadslink', 'footeradslink'];
  const settings = (extra: Record<string, string>) =>
    multipart(
      Object.entries({
        email: 'site@example.com',
        freenumberads: '3',
        freenumberphotoAds: '5',
        goldnumberads: '10',
        goldnumberphotoAds: '6',
        platinumnumberads: '50',
        platinumnumberphotoAds: '12',
        ...extra,
      }).map(([name, value]) => ({ name, value })),
    );
  const save = async (extra: Record<string, string>) => {
    const { type, body } = settings(extra);
    return send(server.origin, 'POST', '/api/update-settings', {
      headers: { authorization: `Bearer ${await tokenOf(admin)}`, 'content-type': type },
      body,
    });
  };
  const BAD = ['//evil.example', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)', ' JavaScript:alert(1)'];
  const GOOD = ['https://example.com/offer', 'http://example.com', '/membership', ''];

  it('refuse //host, /\\host and javascript: in every link field and in social links', async () => {
    for (const field of LINK_FIELDS) {
      for (const value of BAD) {
        const res = await save({ [field]: value });
        expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(res.json.error).toBe('Links must start with http://, https:// or /.');
      }
    }
    for (const value of BAD) {
      const res = await save({ socialLinks: JSON.stringify([{ icon: 'fa-x', url: value }]) });
      expect(res.status, `social ${JSON.stringify(value)}`).toBe(400);
    }
  });

  it('accept https://…, http://… and /path, and read them back', async () => {
    for (const value of GOOD) {
      const res = await save({
        ...Object.fromEntries(LINK_FIELDS.map((f) => [f, value])),
        socialLinks: JSON.stringify(value ? [{ icon: 'fa-x', url: value }] : []),
      });
      expect(res.status, `${JSON.stringify(value)} → ${JSON.stringify(res.json)}`).toBe(200);
      for (const f of LINK_FIELDS) expect(res.json.data[f]).toBe(value);
    }
  });
});

// ---------------------------------------------------------------------------------------
// The upload rate limit.

describe(`upload rate limit on ${driver}`, () => {
  it('counts every file on every upload route against one per-user limit', async () => {
    const before = process.env.RATE_LIMIT_SCALE;
    // 300 files an hour × 0.01 = 3 files.
    process.env.RATE_LIMIT_SCALE = '0.01';
    forgetLimiters();
    try {
      await resetRateLimits();
      const png = await flatPng(40, 30);
      const uploader = await makeUser({ role: 'admin' });
      const token = await tokenOf(uploader);
      const file = (name: string) => ({ name, value: png, filename: `${name}.png`, type: 'image/png' });
      const post = async (path: string, parts: Parameters<typeof multipart>[0]) => {
        const { type, body } = multipart(parts);
        return send(server.origin, 'POST', path, {
          headers: { authorization: `Bearer ${token}`, 'content-type': type },
          body,
        });
      };
      // An ad with a main image and one gallery photo (2 files), then a category image (3).
      expect((await post('/api/ads/add', [...adFields(), file('image'), file('gallery[]')])).status).toBe(201);
      expect(
        (
          await post('/api/category/add-edit', [
            { name: 'name', value: 'Lim' },
            { name: 'slug', value: 'lim' },
            file('image'),
          ])
        ).status,
      ).toBe(201);
      // The fourth file, on yet another route, is refused before it is read.
      const refused = await post('/api/testimonials', [
        { name: 'name', value: 'N' },
        { name: 'designation', value: 'D' },
        file('image'),
      ]);
      expect(refused.status).toBe(429);
      expect(refused.json.error).toBe(TOO_MANY_UPLOADS);
      // A form without files is not an upload.
      expect(
        (
          await post('/api/testimonials', [
            { name: 'name', value: 'N' },
            { name: 'designation', value: 'D' },
          ])
        ).status,
      ).toBe(201);
      // Someone else still may.
      const other = await tokenOf(admin);
      const { type, body } = multipart([file('image')]);
      const res = await viaWorker({ method: 'POST', path: '/api/uploads/image', headers: bearer(other), type, body });
      expect(res.status).toBe(201);
    } finally {
      if (before === undefined) delete process.env.RATE_LIMIT_SCALE;
      else process.env.RATE_LIMIT_SCALE = before;
      forgetLimiters();
      await resetRateLimits();
    }
  });
});
