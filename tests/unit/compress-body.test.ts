import zlib from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compressWhole, MAX_WHOLE_BYTES, preferredEncoding } from '../../api/middleware/compress-body.ts';

const page = (size: number) =>
  new TextEncoder().encode(`<p>${'Vintage oak table, barely used. '.repeat(size / 32)}</p>`);
const html = (headers: Record<string, string> = {}) =>
  new Response(null, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers } });
const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q-values', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0.5, br;q=0.1')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('*;q=0')).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding(null)).toBeNull();
  });

  it('never throws and answers br, gzip or null whatever the header holds', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (header) => {
        expect([null, 'br', 'gzip']).toContain(preferredEncoding(header));
      }),
    );
  });
});

describe('compressWhole', () => {
  it('compresses a page for brotli and gzip clients, the same bytes once decoded', async () => {
    const body = page(40_000);
    const br = compressWhole(html({ 'X-Cache': 'MISS' }), body, 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('x-cache')).toBe('MISS');
    const packed = await bytes(br);
    expect(packed.byteLength).toBeLessThan(body.byteLength / 4);
    expect(new Uint8Array(zlib.brotliDecompressSync(packed))).toEqual(body);

    const gz = compressWhole(html(), body, 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(new Uint8Array(zlib.gunzipSync(await bytes(gz)))).toEqual(body);
  });

  it('keeps the status and compresses JSON too', async () => {
    const body = new TextEncoder().encode(
      JSON.stringify({ ads: Array.from({ length: 200 }, (_, id) => ({ id, heading: `Ad ${id}` })) }),
    );
    const res = compressWhole(
      new Response(null, { status: 404, headers: { 'Content-Type': 'application/json' } }),
      body,
      'br',
    );
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBe('br');
  });

  it('leaves alone what must or need not be compressed', async () => {
    const body = page(40_000);
    const cases: [string, Response, Uint8Array<ArrayBuffer>, string | null][] = [
      ['no encoding accepted', html(), body, 'identity'],
      ['no header', html(), body, null],
      ['too small to gain', html(), page(500), 'br'],
      ['too large for one call', html(), page(MAX_WHOLE_BYTES + 1000), 'br'],
      ['a session token (no-transform)', html({ 'Cache-Control': 'private, no-store, no-transform' }), body, 'br'],
      ['already encoded', html({ 'Content-Encoding': 'gzip' }), body, 'br'],
      ['not text', new Response(null, { headers: { 'Content-Type': 'image/jpeg' } }), body, 'br'],
    ];
    for (const [name, res, b, accept] of cases) {
      const out = compressWhole(res, b, accept);
      expect(out.headers.get('content-encoding'), name).toBe(res.headers.get('content-encoding'));
      expect(await bytes(out), name).toEqual(b);
      // Its length goes with it, which the stream compressor reads to leave a small one alone.
      expect(out.headers.get('content-length'), name).toBe(String(b.byteLength));
    }
  });

  it('tells the length of what it compressed', async () => {
    const out = compressWhole(html(), page(40_000), 'br');
    expect(out.headers.get('content-length')).toBe(String((await bytes(out)).byteLength));
  });
});
