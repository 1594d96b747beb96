import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { etagMatches, etagOf, isShareable, markShared, notModified } from '../../api/middleware/shared-cache.ts';

describe('shared cache headers', () => {
  it('keeps an anonymous 200 only, and nothing personal, set-cookie or immutable', () => {
    const ok = new Response('x', { status: 200 });
    expect(isShareable({ method: 'GET', anonymous: true }, ok)).toBe(true);
    expect(isShareable({ method: 'HEAD', anonymous: true }, ok)).toBe(true);
    expect(isShareable({ method: 'GET', anonymous: false }, ok)).toBe(false);
    expect(isShareable({ method: 'POST', anonymous: true }, ok)).toBe(false);
    expect(isShareable({ method: 'GET', anonymous: true }, new Response('x', { status: 404 }))).toBe(false);
    const personal: Record<string, string>[] = [
      { 'set-cookie': 'a=b' },
      { 'cache-control': 'private, no-store' },
      { 'cache-control': 'no-store' },
      { 'cache-control': 'public, max-age=31536000, immutable' },
    ];
    for (const headers of personal) {
      expect(
        isShareable({ method: 'GET', anonymous: true }, new Response('x', { headers })),
        JSON.stringify(headers),
      ).toBe(false);
    }
  });

  it('marks lifetimes for the shared cache only, and what the answer shows', () => {
    const h = new Headers({ 'cache-control': 'public, max-age=600' });
    markShared(h, '/in/richmond-virginia');
    expect(h.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(h.get('surrogate-key')).toBe('site ads pages');
    expect(h.get('xkey')).toBe('site ads pages');
  });

  it('answers 304 exactly when If-None-Match names the body, whatever its list or weakness', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.uint8Array({ maxLength: 64 }), (a, b) => {
        const tag = etagOf(a);
        const other = etagOf(b);
        expect(etagMatches(tag, tag)).toBe(true);
        expect(etagMatches(`"x", ${tag.replace('W/', '')}`, tag)).toBe(true);
        expect(etagMatches(other, tag)).toBe(Buffer.from(a).equals(Buffer.from(b)));
      }),
    );
    expect(etagMatches('*', 'W/"a"')).toBe(true);
    expect(etagMatches(null, 'W/"a"')).toBe(false);
    const full = new Headers({ etag: 'W/"a"', 'cache-control': 'public', 'content-type': 'text/html', vary: 'Cookie' });
    const res = notModified('W/"a"', full);
    expect(res?.status).toBe(304);
    expect(Object.fromEntries(res?.headers ?? [])).toEqual({
      etag: 'W/"a"',
      'cache-control': 'public',
      vary: 'Cookie',
    });
    expect(notModified('W/"b"', full)).toBeNull();
  });
});
