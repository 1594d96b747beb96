import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../../scripts/lib/measured-server.ts';
import { startVarnish, VARNISHD } from '../../scripts/lib/varnish.ts';
import { spawnServer, type TSpawnedServer } from './spawned-server.ts';

/**
 * Debian's Varnish in front of the built server, configured by deploy/varnish/default.vcl:
 * anonymous answers are kept and revalidated, a write purges what showed it (a job sends the
 * surrogate keys to CACHE_PURGE_URLS), and a signed-in visitor is never served from it.
 * Skipped where varnishd is not installed (CI installs it: .ci/run).
 */

test.skip(!VARNISHD, 'varnishd is not installed (apt-get install varnish)');

let origin = '';
let cache = '';
let site: TSpawnedServer | undefined;
let varnish: ChildProcess | undefined;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-cache-'));

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const [sitePort, cachePort] = [await freePort(), await freePort()];
  origin = `http://127.0.0.1:${sitePort}`;
  cache = `http://127.0.0.1:${cachePort}`;
  const dataDir = path.join(work, 'data');
  // The suite's seeded template when there is one (scripts/e2e.mjs), else the server seeds.
  if (process.env.E2E_TEMPLATE) fs.cpSync(process.env.E2E_TEMPLATE, dataDir, { recursive: true });
  site = spawnServer(sitePort, {
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SITE_URL: origin,
    CACHE_PURGE_URLS: `${cache}/`,
    MAX_EVENT_LOOP_DELAY_MS: '0',
    RATE_LIMIT_SCALE: '10',
  });
  await expect.poll(() => statusOf(`${origin}/`), { timeout: 170_000 }).toBe(200);
  // The repository's configuration, pointed at this server.
  const started = startVarnish({ originPort: sitePort, cachePort, workDir: work });
  varnish = started.child;
  varnish.on('exit', () => {
    varnish = undefined;
  });
  await expect.poll(() => statusOf(`${cache}/healthz`), { timeout: 30_000 }).toBe(200);
});

test.afterAll(async () => {
  varnish?.kill('SIGTERM');
  if (site && site.child.exitCode === null) {
    site.child.kill('SIGTERM');
    await site.exited;
  }
  fs.rmSync(work, { recursive: true, force: true });
});

async function statusOf(url: string): Promise<number> {
  try {
    const res = await fetch(url, { redirect: 'manual' });
    await res.body?.cancel();
    return res.status;
  } catch {
    return 0;
  }
}

/** A GET through Varnish (or the origin), without following redirects. */
async function get(base: string, pathname: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${pathname}`, { headers, redirect: 'manual' });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

const heading1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]?.trim();

test('anonymous answers are kept with their lifetimes and validators, and match the origin', async () => {
  const search = '/api/all-ads?search=bike&limit=5&sort=price-asc';
  const first = await get(cache, search);
  const second = await get(cache, search);
  expect(first.status).toBe(200);
  expect(second.headers.get('x-varnish-cache')).toBe('HIT');
  const direct = await get(origin, search);
  expect(JSON.parse(second.body)).toEqual(JSON.parse(direct.body));
  expect(direct.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
  expect(direct.headers.get('surrogate-key')).toBe('site ads');
  // The browser's revalidation: the same ETag answers 304 without a body, at the origin and the cache.
  const etag = direct.headers.get('etag') as string;
  expect(etag).toMatch(/^W\/".+"$/);
  for (const base of [origin, cache]) {
    const again = await get(base, search, { 'if-none-match': etag });
    expect(again.status, base).toBe(304);
    expect(again.body).toBe('');
  }
  // Pages and feeds too.
  for (const pathname of ['/', '/feed.xml', '/sitemap.xml', '/about-us']) {
    await get(cache, pathname);
    const page = await get(cache, pathname);
    expect(page.headers.get('x-varnish-cache'), pathname).toBe('HIT');
    expect(page.headers.get('cache-control'), pathname).toContain('s-maxage=');
  }
});

test('a signed-in visitor is never served from the cache', async () => {
  const login = await fetch(`${cache}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie()[0]?.split(';')[0] as string;
  // The anonymous home page is in the cache; the signed-in one never is, nor is it stored.
  await get(cache, '/');
  for (const pathname of ['/', '/wishlist', '/api/user/me', '/admin']) {
    for (let i = 0; i < 2; i++) {
      const res = await get(cache, pathname, { cookie });
      expect(res.headers.get('x-varnish-cache'), pathname).toBe('MISS');
      expect(res.headers.get('cache-control') ?? '', pathname).not.toMatch(/public|s-maxage/);
    }
  }
  const home = await get(cache, '/', { cookie });
  expect(home.headers.get('cache-control')).toContain('no-store');
  expect(home.body).not.toContain('>Sign In<');
});

test('an edited ad shows its new heading through the cache within 2 s of the save', async ({ playwright }) => {
  const seller = await playwright.request.newContext({ baseURL: origin });
  const email = `cache-${Date.now()}@example.com`;
  const signup = await seller.post('/api/user/signup', {
    data: { name: 'Cache Seller', email, password: 'secret123', cpassword: 'secret123' },
  });
  expect(signup.ok()).toBe(true);
  const stamp = Date.now().toString(36);
  const fields = (heading: string) => ({
    heading,
    description: '<p>Solid oak, seats six.</p>',
    category: 'furniture',
    price: '320',
    rating: '4',
    location: 'Austin, TX',
    features: '[]',
    make_as_featured: 'N',
  });
  const add = await seller.post('/api/ads/add', { multipart: fields(`Oak table ${stamp}`) });
  expect(add.status()).toBe(201);
  const ad = (await add.json()).adsData as { id: number; slug: string };
  const search = `/?psearchKeyword=${stamp}`;
  // Both the ad's page and a search listing it are in the cache.
  for (const pathname of [`/add-details/${ad.slug}`, search]) {
    await get(cache, pathname);
    expect((await get(cache, pathname)).headers.get('x-varnish-cache'), pathname).toBe('HIT');
  }
  expect(heading1((await get(cache, `/add-details/${ad.slug}`)).body)).toBe(`Oak table ${stamp}`);

  const update = await seller.post('/api/ads/update', {
    multipart: { ...fields(`Walnut table ${stamp}`), id: String(ad.id) },
  });
  expect(update.status()).toBe(200);
  const saved = Date.now();
  const slug = (await update.json()).adsData.slug as string;
  // Within 2 s the cache has dropped the old answers: the new heading on the new address, the
  // old address moved there, the search listing the new heading.
  await expect
    .poll(async () => (await get(cache, search)).body.includes(`Walnut table ${stamp}`), {
      timeout: 2_000,
      intervals: [100],
    })
    .toBe(true);
  const moved = await get(cache, `/add-details/${ad.slug}`);
  expect(moved.status).toBe(301);
  expect(heading1((await get(cache, `/add-details/${slug}`)).body)).toBe(`Walnut table ${stamp}`);
  expect(Date.now() - saved).toBeLessThan(2_000);
  await seller.dispose();
});

test('a purge from anyone but the site is refused', async () => {
  // Varnish listens on 127.0.0.1 only here, so the refusal is read from its configuration.
  const vcl = fs.readFileSync('deploy/varnish/default.vcl', 'utf8');
  expect(vcl).toMatch(/if \(client\.ip !~ purgers\)[\s\S]*synth\(403/);
  const bad = await fetch(`${cache}/`, { method: 'PURGE', headers: { 'surrogate-key': 'ads; rm -rf' } });
  expect(bad.status).toBe(400);
});
