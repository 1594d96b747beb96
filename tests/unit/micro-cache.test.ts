import { afterEach, describe, expect, it } from 'vitest';
import {
  cachedResponse,
  cacheKey,
  clearMicroCache,
  noteWrite,
  storeResponse,
} from '../../api/middleware/micro-cache.ts';

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
    const { beginFill, fillInProgress } = await import('../../api/middleware/micro-cache.ts');
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
