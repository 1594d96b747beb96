import http from 'node:http';
import { expect, test } from '@playwright/test';

/**
 * Headers of the real server's page answers: methods a page does not answer get 405 with
 * Allow (never a 500 with a stack trace), and what a signed-in visitor sees is never kept by a
 * cache in front (Cache-Control: private, no-store; Vary: Cookie). The API's side of both is
 * tested route by route in tests/api/methods.test.ts and tests/api/private-cache.test.ts.
 */

const PORT = Number(process.env.E2E_PORT ?? 4510);

type TRaw = { status: number; headers: http.IncomingHttpHeaders; body: string };

function raw(method: string, pathname: string, headers: Record<string, string> = {}): Promise<TRaw> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: 'localhost', port: PORT, path: pathname, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function signedInCookie(): Promise<string> {
  const res = await fetch(`http://localhost:${PORT}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]?.split(';')[0] as string;
}

const directives = (r: TRaw) =>
  String(r.headers['cache-control'] ?? '')
    .split(',')
    .map((d) => d.trim());
const varies = (r: TRaw) =>
  String(r.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((v) => v.trim());

function expectPersonal(r: TRaw, label: string) {
  expect(directives(r), label).toEqual(expect.arrayContaining(['private', 'no-store']));
  expect(
    directives(r).some((d) => /^(public|max-age)/.test(d)),
    label,
  ).toBe(false);
  expect(varies(r), label).toContain('cookie');
}

test.describe('methods a page does not answer', () => {
  test('get 405 with Allow: GET, HEAD, OPTIONS, and OPTIONS gets 204', async () => {
    for (const pathname of ['/', '/about-us', '/sign-in', '/admin/dashboard', '/sitemap.xml', '/robots.txt']) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND', 'MKCOL']) {
        const res = await raw(method, pathname);
        expect(res.status, `${method} ${pathname}`).toBe(405);
        expect(res.headers.allow, `${method} ${pathname}`).toBe('GET, HEAD, OPTIONS');
        expect(res.body).not.toMatch(/\n\s+at |Error/);
      }
      const options = await raw('OPTIONS', pathname);
      expect(options.status).toBe(204);
      expect(options.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect((await raw('HEAD', pathname)).status).toBe((await raw('GET', pathname)).status);
    }
  });

  test('an API path answers another method with a JSON 405 naming its methods', async () => {
    const res = await raw('PROPFIND', '/api/get-settings');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(JSON.parse(res.body)).toMatchObject({ success: false });
    expect((await raw('PROPFIND', '/api/no-such-thing')).status).toBe(404);
  });

  // Node's fetch Request refuses TRACE and TRACK, so Astro's adapter would answer them with a
  // 500 and a logged stack before any middleware runs: server/http-server.ts answers them.
  test('TRACE and TRACK get 405, not a 500', async () => {
    for (const method of ['TRACE', 'TRACK']) {
      for (const pathname of ['/', '/api/get-settings']) {
        const res = await raw(method, pathname);
        expect(res.status, `${method} ${pathname}`).toBe(405);
        expect(res.headers.allow).toBeTruthy();
      }
    }
  });
});

test.describe('cache headers of pages', () => {
  test('a signed-in visitor’s pages and the admin area are private and vary on the cookie', async () => {
    const cookie = await signedInCookie();
    for (const pathname of ['/', '/about-us', '/category', '/wishlist', '/admin/dashboard', '/admin/users']) {
      const res = await raw('GET', pathname, { cookie });
      expect(res.status, pathname).toBe(200);
      expectPersonal(res, pathname);
    }
    // Signed out, the admin area redirects to sign-in: that answer is private too.
    const guard = await raw('GET', '/admin/users');
    expect(guard.status).toBeGreaterThanOrEqual(300);
    expect(guard.status).toBeLessThan(400);
    expectPersonal(guard, 'admin guard');
    const me = await raw('GET', '/api/user/me', { cookie });
    expectPersonal(me, '/api/user/me');
  });

  test('anonymous pages stay cacheable but vary on the cookie; files keep their caching', async () => {
    for (const pathname of ['/', '/about-us', '/faqs']) {
      for (let i = 0; i < 2; i++) {
        // Twice: the second answer may come from the page cache, and must say the same.
        const res = await raw('GET', pathname);
        expect(res.status).toBe(200);
        expect(directives(res)).not.toContain('private');
        expect(varies(res), pathname).toContain('cookie');
      }
    }
    const cookie = await signedInCookie();
    const sitemap = await raw('GET', '/sitemap.xml', { cookie });
    expect(sitemap.headers['cache-control']).toBe('public, max-age=600');
    const settings = await raw('GET', '/api/get-settings', { cookie });
    expect(directives(settings)).not.toContain('private');
  });
});
