import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../api/lib/limits.ts';
import { MAX_IMAGE_BYTES, MAX_INPUT_PIXELS } from '../../api/storage/images.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

let dataDir = '';
let token = '';
let adminToken = '';
beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
  token = (await makeUser()).token;
  adminToken = (await makeUser({ role: 'admin' })).token;
});

/** Every file under DATA_DIR except the embedded database (uploads, outbox, anything else). */
function filesOnDisk(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'pglite') walk(p);
      } else out.push(path.relative(dataDir, p));
    }
  };
  walk(dataDir);
  return out.sort();
}

function form(file: Blob, name: string, field = 'image') {
  const f = new FormData();
  f.set(field, file, name);
  return f;
}

/** A blob that claims to be a PNG, whatever its bytes. */
const png = (body: string | Buffer) =>
  new Blob([typeof body === 'string' ? body : new Uint8Array(body)], { type: 'image/png' });

const upload = (file: Blob, name: string) => call('POST', '/uploads/image', { token, form: form(file, name) });

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A well-formed PNG header claiming width×height, with only a few rows of real data. */
function hugePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = Buffer.alloc((width * 3 + 1) * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let realPng: Buffer;
beforeAll(async () => {
  realPng = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc3344' } })
    .png()
    .toBuffer();
});

describe(`hostile uploads on ${driver}`, () => {
  it('refuses SVG, HTML, JavaScript and polyglots disguised as PNG, and stores nothing', async () => {
    const before = filesOnDisk();
    const disguised: [string, string | Buffer][] = [
      ['logo.png', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'],
      ['photo.png', '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'],
      ['pic.jpg', 'alert(document.cookie);//'],
      ['pic.gif', 'GIF89a<script>alert(1)</script>'],
      ['image.png', Buffer.concat([realPng.subarray(0, 16), Buffer.from('<script>alert(1)</script>')])],
      ['empty.png', Buffer.alloc(0)],
    ];
    for (const [name, body] of disguised) {
      const res = await upload(png(body), name);
      expect([400, 415], `${name}: ${res.status} ${JSON.stringify(res.data)}`).toContain(res.status);
      expect(res.data.success).toBe(false);
    }
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses a 20000×20000 PNG quickly, before decoding it', async () => {
    expect(20000 * 20000).toBeGreaterThan(MAX_INPUT_PIXELS);
    const before = filesOnDisk();
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const res = await upload(png(hugePng(20000, 20000)), 'bomb.png');
    const ms = performance.now() - started;
    expect([400, 413]).toContain(res.status);
    expect(ms).toBeLessThan(3000);
    // Decoding it would need 1.2 GB; the process did not come near that.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(300 * 1024 * 1024);
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses an image over the per-image limit with 413', async () => {
    const before = filesOnDisk();
    const big = Buffer.concat([realPng, Buffer.alloc(MAX_IMAGE_BYTES + 1)]);
    const res = await upload(png(big), 'big.png');
    expect(res.status).toBe(413);
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses a body over the request limit with 413, with or without Content-Length', async () => {
    const huge = new Uint8Array(MAX_BODY_BYTES + 1024);
    const { app } = await import('../../api/app.ts');
    const withLength = await app().request('http://localhost/api/uploads/image', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(huge.length),
      },
      body: huge,
    });
    expect(withLength.status).toBe(413);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= huge.length) return controller.close();
        const part = huge.subarray(sent, sent + 1024 * 1024);
        sent += part.length;
        controller.enqueue(part);
      },
    });
    const chunked = await app().request('http://localhost/api/uploads/image', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    // It stopped reading soon after the limit instead of swallowing everything.
    expect(sent).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * 1024 * 1024);
  });

  it('never lets a client-chosen file name reach the disk', async () => {
    const names = [
      '../../../../tmp/evil.png',
      '..\\..\\evil.png',
      '/etc/passwd.png',
      'a\u0000b.png',
      '<img src=x onerror=alert(1)>.png',
      'CON.png',
      '.htaccess',
      `${'a'.repeat(300)}.png`,
    ];
    for (const name of names) {
      const res = await upload(png(realPng), name);
      expect(res.status, `${name}: ${JSON.stringify(res.data)}`).toBe(201);
      expect(res.data.url).toMatch(/^\/uploads\/[a-z]+-[0-9a-f-]{36}-1200\.webp$/);
    }
    for (const f of filesOnDisk()) {
      expect(f).toMatch(/^(uploads\/[a-z]+-[0-9a-f-]{36}(-\d+)?\.webp|outbox\/.+\.eml)$/);
    }
    expect(fs.existsSync('/tmp/evil.png')).toBe(false);
  });

  it('leaves the settings and their logo as they were when a logo is refused', async () => {
    const before = await call('GET', '/settings', { token: adminToken });
    const files = filesOnDisk();
    const f = new FormData();
    f.set('email', 'changed@example.com');
    f.set('logo', new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }), 'logo.png');
    const res = await call('POST', '/update-settings', { token: adminToken, form: f });
    expect([400, 415]).toContain(res.status);
    const after = await call('GET', '/settings', { token: adminToken });
    expect(after.data.data).toEqual(before.data.data);
    expect(filesOnDisk()).toEqual(files);
  });

  it('serves stored uploads as images, never as something a browser would run', async () => {
    const res = await upload(png(realPng), 'ok.png');
    expect(res.status).toBe(201);
    const name = path.basename(res.data.url as string);
    const { GET } = await import('../../src/pages/uploads/[...file].ts');
    const served = (await GET({ params: { file: name } } as never)) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    for (const bad of ['../pglite/PG_VERSION', '..%2f..%2fetc%2fpasswd', 'x.svg', 'x.html']) {
      const r = (await GET({ params: { file: bad } } as never)) as Response;
      expect(r.status).toBe(404);
    }
  });
});
