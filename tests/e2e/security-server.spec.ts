import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { spawnServer } from './spawned-server.ts';

/**
 * The real started server (Node's HTTP stack, Astro, then Hono): headers on every kind of
 * response, huge bodies refused without hurting the server, pages without CSP violations,
 * health checks, and a graceful shutdown that finishes what it started.
 */

const PORT = Number(process.env.E2E_PORT ?? 4510);
const MB = 1024 * 1024;

type TRaw = { status: number; headers: http.IncomingHttpHeaders; body: string; sentBytes: number };

/** A raw POST that streams `size` bytes, with or without Content-Length; resolves on the response. */
function rawUpload(port: number, size: number, withLength: boolean, token?: string): Promise<TRaw> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'multipart/form-data; boundary=x' };
    if (withLength) headers['content-length'] = String(size);
    if (token) headers.authorization = `Bearer ${token}`;
    const req = http.request({ host: 'localhost', port, path: '/api/uploads/image', method: 'POST', headers });
    let sent = 0;
    let answered = false;
    const piece = Buffer.alloc(MB, 0x61);
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sentBytes: sent }));
    });
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const pump = () => {
      while (sent < size && !answered) {
        sent += piece.length;
        if (!req.write(piece)) return req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

test.describe('the server under hostile requests', () => {
  test('refuses a 50 MB upload with Content-Length with 413 and keeps answering', async ({ request }) => {
    const res = await rawUpload(PORT, 50 * MB, true);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ success: false });
    expect((await request.get('/healthz')).status()).toBe(200);
    expect((await request.get('/api/get-settings')).status()).toBe(200);
  });

  test('refuses a 50 MB chunked upload with 413 and keeps answering', async ({ request }) => {
    // Signed in: a signed-out upload is refused (401) before its body is read at all.
    const email = `chunked-${Date.now()}@example.com`;
    const signup = await request.post('/api/user/signup', {
      data: { name: 'Chunked', email, password: 'secret123', cpassword: 'secret123' },
    });
    const { token } = (await signup.json()) as { token: string };
    const res = await rawUpload(PORT, 50 * MB, false, token);
    expect(res.status).toBe(413);
    // It stopped reading near the 40 MB limit instead of swallowing the whole body.
    expect(res.sentBytes).toBeLessThanOrEqual(50 * MB);
    expect((await request.get('/healthz')).status()).toBe(200);
    expect((await request.get('/')).status()).toBe(200);
  });

  test('puts the security headers on pages, API answers, uploads and static files', async ({ request }) => {
    const home = await request.get('/');
    const css = (await home.text()).match(/href="(\/_astro\/[^"]+\.css)"/)?.[1];
    const settings = await request.get('/api/get-settings');
    const logo = ((await settings.json()) as { data: { categories: { image: string }[] }[] }).data[0]?.categories[0]
      ?.image;
    const responses = {
      page: home,
      api: settings,
      notFound: await request.get('/api/nope'),
      upload: logo ? await request.get(`/uploads/${logo}`) : home,
      asset: css ? await request.get(css) : home,
      health: await request.get('/readyz'),
    };
    for (const [name, res] of Object.entries(responses)) {
      const h = res.headers();
      expect(h['x-content-type-options'], name).toBe('nosniff');
      expect(h['referrer-policy'], name).toBe('strict-origin-when-cross-origin');
      expect(h['x-frame-options'], name).toBe('DENY');
      expect(h['permissions-policy'], name).toContain('camera=()');
      expect(h['x-powered-by'], name).toBeUndefined();
    }
    const pageCsp = home.headers()['content-security-policy'] ?? '';
    for (const d of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(pageCsp).toContain(d);
    }
    expect(pageCsp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
    expect(pageCsp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(settings.headers()['content-security-policy']).toContain("default-src 'none'");
    expect((await request.get('/healthz')).status()).toBe(200);
    expect(await (await request.get('/readyz')).json()).toMatchObject({ success: true, database: 'up' });
  });

  test('shows the public pages and the admin app with no Content-Security-Policy violation, islands hydrated', async ({
    page,
    request,
  }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to (execute|load|apply)/i.test(m.text())) violations.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { __csp: string[] }).__csp ??= [];
        (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    const list = (await (await request.get('/api/all-ads?limit=1')).json()) as { ads: { slug: string }[] };
    const paths = ['/', '/about-us', '/faqs', '/membership', `/add-details/${list.ads[0]?.slug}`, '/sign-in'];
    for (const p of paths) {
      await page.goto(p);
      await page.waitForLoadState('networkidle');
      // Islands that hydrate when visible: bring every one into view.
      for (const island of await page.locator('astro-island[ssr]').all()) {
        await island.scrollIntoViewIfNeeded().catch(() => {});
      }
      await expect.poll(() => page.locator('astro-island[ssr]').count(), { message: p }).toBe(0);
      const hydrated = await page.evaluate(() => [...document.querySelectorAll('astro-island[ssr]')].length);
      expect(hydrated, `${p}: islands still waiting to hydrate`).toBe(0);
      const seen = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
      expect(seen, p).toEqual([]);
    }
    // The admin app (client-only React) after signing in.
    await page.goto('/sign-in');
    await page.getByLabel('Email', { exact: true }).fill('admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill('admin123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/admin/);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([]);
    expect(violations).toEqual([]);
  });
});

test.describe('graceful shutdown', () => {
  const port = PORT + 37;
  const dataDir = path.resolve(`data/e2e-sigterm-${port}`);
  let server: ChildProcess | undefined;

  test.afterAll(() => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('finishes an in-flight request on SIGTERM, refuses new ones, and exits cleanly', async () => {
    test.setTimeout(120_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
    const spawned = spawnServer(port, { DATA_DIR: dataDir, SEED_DEMO: '0' });
    server = spawned.child;
    const { exited } = spawned;
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`http://localhost:${port}/healthz`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 90_000 },
      )
      .toBe(200);

    // A login whose body arrives slowly: in flight when SIGTERM lands.
    const body = JSON.stringify({ email: 'slow@example.com', password: 'not-the-password' });
    const inflight = new Promise<number>((resolve, reject) => {
      const req = http.request({
        host: 'localhost',
        port,
        path: '/api/user/login',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => server?.kill('SIGTERM'), 300);
      setTimeout(() => req.end(body.slice(10)), 1500);
    });

    expect(await inflight).toBe(401);
    // New connections are refused once it is shutting down.
    await expect(fetch(`http://localhost:${port}/healthz`)).rejects.toThrow();
    expect(await exited).toBe(0);
    expect(spawned.output()).toContain('SIGTERM: finishing in-flight requests');
  });
});
