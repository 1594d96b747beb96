import { afterEach, describe, expect, it } from 'vitest';
import {
  cacheBytes,
  cachedResponse,
  cacheKey,
  cacheMaxBytes,
  clearMicroCache,
  freshEntry,
  noteWrite,
  rememberWire,
  storeBody,
  storeResponse,
} from '../../api/page-cache/store.ts';

const html = (body: string, headers: Record<string, string> = {}, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'text/html', ...headers } });
const get = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

afterEach(() => {
  clearMicroCache();
  delete process.env.PAGE_CACHE_TTL_MS;
});

describe('the anonymous page cache', () => {
  it('serves a second anonymous GET of the same URL from the cache until the TTL ends', async () => {
    const key = cacheKey(get('http://site/?a=1')) as string;
    const miss = await storeResponse(key, html('<p>one</p>'), 1000);
    expect(miss.headers.get('x-cache')).toBe('MISS');
    expect(await miss.text()).toBe('<p>one</p>');
    const hit = cachedResponse(key, 2000);
    expect(hit?.headers.get('x-cache')).toBe('HIT');
    expect(await hit?.text()).toBe('<p>one</p>');
    expect(cachedResponse(key, 1000 + 3001)).toBeNull();
  });

  it('never caches a page or a personal read for a request with a cookie or a bearer token, or a write', () => {
    const signedIn: Record<string, string>[] = [{ cookie: 'session=x' }, { authorization: 'Bearer x' }];
    for (const credentials of signedIn) {
      for (const path of ['/', '/category', '/add-details/bike', '/api/wishlist', '/api/ads', '/api/user/me']) {
        expect(cacheKey(get(`http://site${path}`, credentials)), path).toBeNull();
      }
      // Admin reads next to shared ones, and paths that only start like a shared one.
      for (const path of ['/api/faqs/3', '/api/memberships/1', '/api/ads-by-slug/a/b', '/api/all-ads/x']) {
        expect(cacheKey(get(`http://site${path}`, credentials)), path).toBeNull();
      }
    }
    expect(cacheKey(new Request('http://site/', { method: 'POST' }))).toBeNull();
  });

  it('shares the public reads that answer everyone alike with signed-in callers too', () => {
    for (const path of ['/api/all-ads?page=2', '/api/get-settings', '/api/ads-by-slug/bike', '/api/faqs']) {
      const key = cacheKey(get(`http://site${path}`));
      expect(key, path).not.toBeNull();
      expect(cacheKey(get(`http://site${path}`, { cookie: 'session=x' })), path).toBe(key);
      expect(cacheKey(get(`http://site${path}`, { authorization: 'Bearer x' })), path).toBe(key);
    }
  });

  it('keys on the Host too, so a forged Host cannot poison the real entry', () => {
    expect(cacheKey(get('http://evil.example/'))).not.toBe(cacheKey(get('http://site/')));
  });

  it('stores a body read already (storeBody) as it would the answer, and gives back the same bytes', async () => {
    const bytes = new TextEncoder().encode('<p>read once</p>');
    const miss = storeBody('read', html('unused'), bytes, 1000);
    expect(miss.headers.get('x-cache')).toBe('MISS');
    expect(await miss.text()).toBe('<p>read once</p>');
    expect(await cachedResponse('read', 2000)?.text()).toBe('<p>read once</p>');
    // Not cacheable: nothing kept, the same status, headers and bytes go out.
    const refused = storeBody('gone', html('unused', { 'x-kept': 'yes' }, 404), bytes, 1000);
    expect(cachedResponse('gone', 2000)).toBeNull();
    expect(refused.status).toBe(404);
    expect(refused.headers.get('x-kept')).toBe('yes');
    expect(await refused.text()).toBe('<p>read once</p>');
  });

  it('does not keep errors, cookies, private or non-HTML/JSON answers', async () => {
    const cases = [
      html('x', {}, 404),
      html('x', { 'set-cookie': 'a=b' }),
      html('x', { 'cache-control': 'private, no-store' }),
      new Response('x', { headers: { 'content-type': 'image/webp' } }),
    ];
    for (const [i, res] of cases.entries()) {
      const key = `k${i}`;
      await storeResponse(key, res);
      expect(cachedResponse(key)).toBeNull();
    }
  });

  it('is emptied by any write that was not refused', async () => {
    await storeResponse('k', html('old'));
    noteWrite('POST', 400, '/api/ads/add');
    expect(cachedResponse('k')).not.toBeNull();
    noteWrite('GET', 200, '/api/all-ads');
    expect(cachedResponse('k')).not.toBeNull();
    noteWrite('PUT', 200, '/api/pages/3');
    expect(cachedResponse('k')).toBeNull();
    await storeResponse('k', html('old'));
    noteWrite('DELETE', 503, '/api/ads/7');
    expect(cachedResponse('k')).toBeNull();
    await storeResponse('k', html('old'));
    noteWrite('POST', 200, '/contact-us');
    expect(cachedResponse('k')).toBeNull();
  });

  it('is kept by writes that change only the caller’s own private state', async () => {
    await storeResponse('k', html('old'));
    for (const [method, path] of [
      ['POST', '/api/user/login'],
      ['POST', '/api/user/logout'],
      ['POST', '/api/user/signup'],
      ['POST', '/api/forgot-password'],
      ['POST', '/api/reset-password'],
      ['POST', '/api/wishlist'],
      ['DELETE', '/api/wishlist/12'],
      ['DELETE', '/api/wishlist'],
      ['POST', '/api/uploads/image'],
    ]) {
      noteWrite(method, 200, path);
      expect(cachedResponse('k'), `${method} ${path}`).not.toBeNull();
    }
    // The same paths with another method, or an admin write beside them, still empty it.
    noteWrite('POST', 200, '/api/user/update');
    expect(cachedResponse('k')).toBeNull();
  });

  it('is off with PAGE_CACHE_TTL_MS=0', async () => {
    process.env.PAGE_CACHE_TTL_MS = '0';
    await storeResponse('k', html('x'));
    expect(cachedResponse('k')).toBeNull();
  });
});

describe('single flight', () => {
  it('lets concurrent misses wait for the one render in progress', async () => {
    const { beginFill, fillInProgress } = await import('../../api/page-cache/store.ts');
    const end = beginFill('page');
    const waiting = fillInProgress('page');
    expect(waiting).toBeDefined();
    await storeResponse('page', html('rendered once'));
    end();
    const entry = await waiting;
    expect(new TextDecoder().decode(entry?.body)).toBe('rendered once');
    expect(fillInProgress('page')).toBeUndefined();
  });
});

describe('the byte budget', () => {
  const kb = (n: number) => 'x'.repeat(n * 1024);
  afterEach(() => {
    delete process.env.PAGE_CACHE_MAX_BYTES;
  });

  it('holds at most PAGE_CACHE_MAX_BYTES, dropping the least recently used entries first', async () => {
    process.env.PAGE_CACHE_MAX_BYTES = String(100 * 1024);
    for (let i = 0; i < 4; i++) await storeResponse(`k${i}`, html(kb(20)));
    // k0 is read again, so k1 is now the least recently used.
    expect(cachedResponse('k0')).not.toBeNull();
    for (let i = 4; i < 10; i++) {
      await storeResponse(`k${i}`, html(kb(20)));
      expect(cacheBytes()).toBeLessThanOrEqual(100 * 1024);
    }
    const kept = Array.from({ length: 10 }, (_, i) => `k${i}`).filter((k) => cachedResponse(k));
    expect(kept).toEqual(['k6', 'k7', 'k8', 'k9']);
    expect(cacheBytes()).toBeGreaterThan(4 * 20 * 1024);
  });

  it('defaults to 32 MB whatever the number of entries', async () => {
    expect(cacheMaxBytes()).toBe(32 * 1024 * 1024);
    // 600 small answers: more than the old 500-entry cap, all kept.
    for (let i = 0; i < 600; i++) await storeResponse(`s${i}`, html(`<p>${i}</p>`));
    expect(cachedResponse('s0')).not.toBeNull();
    // 40 answers of 1 MB: never more than the budget.
    for (let i = 0; i < 40; i++) await storeResponse(`b${i}`, html(kb(1000)));
    expect(cacheBytes()).toBeLessThanOrEqual(32 * 1024 * 1024);
    expect(cachedResponse('b39')).not.toBeNull();
    expect(cachedResponse('b0')).toBeNull();
  });

  it('counts the compressed copies the server keeps on an entry', async () => {
    process.env.PAGE_CACHE_MAX_BYTES = String(100 * 1024);
    await storeResponse('a', html(kb(30)));
    await storeResponse('b', html(kb(30)));
    const before = cacheBytes();
    const entry = freshEntry('a');
    if (!entry) throw new Error('entry a is missing');
    const wire = rememberWire(entry, 'br', { headers: ['x-cache', 'HIT'], body: new Uint8Array(25 * 1024) });
    expect(entry.wire?.br).toBe(wire);
    expect(cacheBytes()).toBe(before + 25 * 1024 + 'x-cacheHIT'.length);
    // The uncompressed copy shares the body and costs nothing more.
    rememberWire(entry, '', { body: entry.body });
    expect(cacheBytes()).toBe(before + 25 * 1024 + 'x-cacheHIT'.length);
    // a (most recently used, with its copy) and a new c no longer fit beside b: b goes.
    await storeResponse('c', html(kb(30)));
    expect(cacheBytes()).toBeLessThanOrEqual(100 * 1024);
    expect(cachedResponse('b')).toBeNull();
    expect(cachedResponse('a')).not.toBeNull();
    expect(cachedResponse('c')).not.toBeNull();
  });

  it('never stores an answer larger than the whole budget, and counts nothing once emptied', async () => {
    process.env.PAGE_CACHE_MAX_BYTES = String(10 * 1024);
    await storeResponse('big', html(kb(20)));
    expect(cachedResponse('big')).toBeNull();
    await storeResponse('small', html(kb(2)));
    expect(cacheBytes()).toBeGreaterThan(2 * 1024);
    noteWrite('POST', 200, '/api/faqs');
    expect(cacheBytes()).toBe(0);
    // Replacing an entry does not count it twice.
    await storeResponse('small', html(kb(2)));
    const once = cacheBytes();
    await storeResponse('small', html(kb(2)));
    expect(cacheBytes()).toBe(once);
  });
});
