import http from 'node:http';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';

/**
 * How the started server (scripts/start.mjs) delivers bytes: pages and API answers are
 * compressed for clients that accept it, whether they come from the anonymous page cache or
 * from Astro; a signed-in visitor is never served from the cache; every variant keeps the
 * security headers.
 */

const PORT = Number(process.env.E2E_PORT ?? 4510);

type TRaw = { status: number; headers: http.IncomingHttpHeaders; text: string; wireBytes: number };

/** A raw GET (Node's client does not decompress), decoded here by its Content-Encoding. */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<TRaw> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: 'localhost', port: PORT, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body =
            encoding === 'br' ? zlib.brotliDecompressSync(wire) : encoding === 'gzip' ? zlib.gunzipSync(wire) : wire;
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: body.toString('utf8'),
            wireBytes: wire.length,
          });
        });
      })
      .on('error', reject);
  });
}

async function signedInCookie(): Promise<string> {
  const res = await fetch(`http://localhost:${PORT}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
  });
  expect(res.status).toBe(200);
  // The answer holds the session token: never compressed (BREACH).
  expect(res.headers.get('content-encoding')).toBeNull();
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  expect(cookie).toBeTruthy();
  return cookie as string;
}

function expectSecurityHeaders(res: TRaw) {
  expect(res.headers['content-security-policy']).toContain("object-src 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
}

test.describe('compressed delivery', () => {
  test('an anonymous page is compressed on its first render and from the cache', async () => {
    // A query nobody else asks for, so the first answer is a fresh render.
    const path = `/?psearchKeyword=delivery${Date.now()}`;
    const first = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
    const second = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.headers['x-cache']).toBe('MISS');
    expect(second.headers['x-cache']).toBe('HIT');
    for (const res of [first, second]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.text).toContain('</html>');
      expect(res.wireBytes).toBeLessThan(res.text.length / 3);
      expectSecurityHeaders(res);
    }
    expect(second.text).toBe(first.text);
  });

  test('gzip-only and no-compression clients get what they asked for', async () => {
    const gzip = await rawGet('/faqs', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await rawGet('/faqs');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(gzip.text);
    expectSecurityHeaders(plain);
  });

  test('API answers are compressed too; a signed-in visitor shares public reads, never pages', async () => {
    const url = `/api/all-ads?limit=20&max_price=${9_000_000 + (Date.now() % 100_000)}`;
    for (const attempt of ['MISS', 'HIT']) {
      const api = await rawGet(url, { 'accept-encoding': 'br' });
      expect(api.headers['x-cache'], attempt).toBe(attempt);
      expect(api.headers['content-encoding']).toBe('br');
      expect(JSON.parse(api.text)).toMatchObject({ success: true });
      // Each security header once, whichever path answered.
      expect(api.headers['x-content-type-options']).toBe('nosniff');
      expect(api.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
    }

    const cookie = await signedInCookie();
    // The ad list answers everyone alike, so a signed-in visitor shares the cached answer...
    const sharedRead = await rawGet(url, { 'accept-encoding': 'br', cookie });
    expect(sharedRead.headers['x-cache']).toBe('HIT');
    expect(sharedRead.headers['set-cookie']).toBeUndefined();
    // ...but a page, whose header names the visitor, is always rendered for them.
    await rawGet('/', { 'accept-encoding': 'br' }); // warm the anonymous copy
    const mine = await rawGet('/', { 'accept-encoding': 'br', cookie });
    expect(mine.headers['x-cache']).toBeUndefined();
    expect(mine.headers['content-encoding']).toBe('br');
    expect(mine.headers['cache-control'] ?? '').not.toMatch(/public/);
    expectSecurityHeaders(mine);
  });

  test('built scripts are compressed and cached for a year', async () => {
    const home = await rawGet('/');
    const script = home.text.match(/(\/_astro\/[^"'\s]+\.js)/)?.[1];
    expect(script).toBeTruthy();
    const res = await rawGet(script as string, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

test.describe('island markup', () => {
  test("a React island's ids carry the prefix it is hydrated with", async () => {
    // Islands render to a string (astro.config.mjs); the browser hydrates each with its
    // island's `prefix`, so every useId the server wrote must start with it, or labels and
    // their fields would be paired by ids the hydrated island does not use.
    const page = await rawGet('/?psearchKeyword=table', { 'accept-encoding': 'br' });
    const prefix = /<astro-island[^>]*\sprefix="([^"]+)"/.exec(page.text)?.[1];
    expect(prefix).toMatch(/^r\d+$/);
    const searchId = /<input id="([^"]+)" type="search"/.exec(page.text)?.[1];
    expect(searchId?.startsWith(`_${prefix}R`)).toBe(true);
    expect(page.text).toContain(`<label for="${searchId}"`);
  });
});
