/**
 * Hostile request bodies for tests/api/hostile-bodies.test.ts, built from plain strings and
 * Buffers only (no app code), so the worker thread that sends them can import this file.
 */

/** Every field name the API reads anywhere, so hostile values reach each schema. */
export const FIELDS = [
  'id',
  'heading',
  'description',
  'category',
  'price',
  'rating',
  'location',
  'features',
  'esitingGalleryImages',
  'removedGalleryImages',
  'make_as_featured',
  'name',
  'email',
  'password',
  'cpassword',
  'role',
  'question',
  'answer',
  'content',
  'howwework',
  'slug',
  'seokeyword',
  'template',
  'designation',
  'socialLinks',
  'footer_shortdescription',
  'homepageleftsideadslink',
  'plan_name',
  'subscription_type',
  'resetToken',
  'ad_id',
  'item_name',
];

export type TBody = { type: string; body: Buffer };
export type TPart = { name: string; value: string | Buffer; filename?: string; type?: string };

export function multipart(parts: TPart[]): TBody {
  const boundary = `----hostile${Math.random().toString(36).slice(2)}`;
  const pieces: Buffer[] = [];
  for (const p of parts) {
    const file = p.filename !== undefined ? `; filename="${p.filename}"` : '';
    const type = p.type ? `Content-Type: ${p.type}\r\n` : '';
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}\r\n${type}\r\n`));
    pieces.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(pieces) };
}

const json = (text: string): TBody => ({ type: 'application/json', body: Buffer.from(text) });
const spread = (n: number, ch: string) =>
  Object.fromEntries(FIELDS.map((f) => [f, ch.repeat(Math.max(1, Math.floor(n / FIELDS.length)))]));

/** Each makes a body of about n bytes. */
export const SHAPES: Record<string, (n: number) => TBody> = {
  'json [ x N': (n) => json('['.repeat(n)),
  'json [ ] x N (valid, deep)': (n) => json(`${'['.repeat(Math.floor(n / 2))}${']'.repeat(Math.floor(n / 2))}`),
  'json {"a": x N': (n) => json('{"a":'.repeat(Math.floor(n / 5))),
  'json < in every field': (n) => json(JSON.stringify(spread(n, '<'))),
  'json one long word': (n) => json(JSON.stringify({ description: 'a'.repeat(n / 2), email: 'a'.repeat(n / 2) })),
  'json huge key': (n) => json(JSON.stringify({ ['k'.repeat(n)]: 1 })),
  'json many keys': (n) => json(`{${Array.from({ length: Math.floor(n / 10) }, (_, i) => `"k${i}":0`).join(',')}}`),
  'form < in every field': (n) => multipart(Object.entries(spread(n, '<')).map(([name, value]) => ({ name, value }))),
  'form one huge field': (n) => multipart([{ name: 'description', value: '<'.repeat(n) }]),
  'form [ x N in the JSON fields': (n) =>
    multipart(
      ['features', 'socialLinks', 'esitingGalleryImages'].map((name) => ({
        name,
        value: '['.repeat(Math.floor(n / 3)),
      })),
    ),
  'form huge field name': (n) => multipart([{ name: 'x'.repeat(n), value: '1' }]),
  'form many fields': (n) =>
    multipart(Array.from({ length: Math.floor(n / 60) }, (_, i) => ({ name: `f${i}`, value: '1' }))),
  'urlencoded < x N': (n) => ({
    type: 'application/x-www-form-urlencoded',
    body: Buffer.from(`description=${'<'.repeat(n)}`),
  }),
  'urlencoded many fields': (n) => ({
    type: 'application/x-www-form-urlencoded',
    body: Buffer.from(Array.from({ length: Math.floor(n / 8) }, (_, i) => `k${i}=1`).join('&')),
  }),
};
export const SHAPE_NAMES = Object.keys(SHAPES);

/** The body in 64 KB pieces, for sending without Content-Length (Transfer-Encoding: chunked). */
export const inChunks = (buf: Buffer) =>
  function* () {
    for (let i = 0; i < buf.length; i += 64 * 1024) yield buf.subarray(i, i + 64 * 1024);
  };
