import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../api/db/client.ts';
import { faqs } from '../../api/db/schema/index.ts';
import { resetEnv } from '../../api/env.ts';
import { sweepEditorImages } from '../../api/services/uploads/sweep-editor-images.ts';
import {
  fileExists,
  listFiles,
  listFilesWithDates,
  openFile,
  putFile,
  removeFile,
  uploadsDir,
} from '../../api/storage/storage.ts';
import { GET } from '../../src/pages/uploads/[...file].ts';
import { pngFile } from '../helpers/admin-fixtures.ts';
import { insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { startS3 } from '../helpers/s3-server.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// STORAGE=s3 against a real S3-compatible server (s3rver) on loopback: the same storage
// functions, the same /uploads/{file} route, no file on the local disk.

let s3: Awaited<ReturnType<typeof startS3>>;
let dataDir = '';
beforeAll(async () => {
  s3 = await startS3();
  ({ dataDir } = await setupTestDb());
});

/** GET /uploads/{name} through the Astro route, as the server runs it. */
const serve = (name: string) => GET({ params: { file: name } } as never) as Promise<Response>;

const filesOf = (name: string) => {
  const base = name.replace(/\.webp$/, '');
  return [`${base}.webp`, `${base}-1200.webp`, `${base}-400.webp`];
};

describe(`S3 storage on ${driver}`, () => {
  it('stores, lists, reads and removes files in the bucket', async () => {
    const bytes = Buffer.from('RIFF-not-really-webp');
    const before = Date.now();
    await putFile('s3-unit-a.webp', bytes);
    await putFile('s3-unit-b.webp', Buffer.from('b'));
    expect(await s3.keys()).toEqual(expect.arrayContaining(['s3-unit-a.webp', 's3-unit-b.webp']));
    expect(await fileExists('s3-unit-a.webp')).toBe(true);
    expect(await listFiles({ prefix: 's3-unit-' })).toEqual(['s3-unit-a.webp', 's3-unit-b.webp']);
    const dated = await listFilesWithDates({ prefix: 's3-unit-a' });
    expect(dated.map((f) => f.name)).toEqual(['s3-unit-a.webp']);
    // S3 keeps LastModified to the second.
    expect(dated[0].modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(dated[0].modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const file = await openFile('s3-unit-a.webp');
    expect(file?.size).toBe(bytes.length);
    expect(Buffer.from(await new Response(file?.body).arrayBuffer())).toEqual(bytes);

    await removeFile('s3-unit-a.webp');
    await removeFile('s3-unit-a.webp'); // a missing key is not an error
    expect(await fileExists('s3-unit-a.webp')).toBe(false);
    expect(await openFile('s3-unit-a.webp')).toBeNull();
    expect(await s3.keys()).not.toContain('s3-unit-a.webp');
    await removeFile('s3-unit-b.webp');
  });

  it('refuses unsafe names before they reach the bucket', async () => {
    await expect(putFile('../escape.webp', Buffer.from('x'))).rejects.toThrow(/unsafe/);
    await expect(putFile('.hidden.webp', Buffer.from('x'))).rejects.toThrow(/unsafe/);
    expect(await openFile('../escape.webp')).toBeNull();
    expect(await fileExists('a/b.webp')).toBe(false);
    expect(await s3.keys()).not.toContain('../escape.webp');
  });

  it('an ad photo goes up to the bucket, is served at /uploads, and is gone with the ad', async () => {
    const { token } = await makeUser();
    const category = await insertCategory({ name: 'Cameras' });
    const form = new FormData();
    for (const [k, v] of Object.entries({
      heading: 'Film camera',
      description: '<p>Works.</p>',
      category: category.slug,
      price: '120',
      rating: '4',
      location: 'Oslo',
    }))
      form.append(k, v);
    form.append('image', await pngFile('camera.png', '#aa3300'));
    form.append('gallery[]', await pngFile('back.png', '#0033aa'));
    const created = await call('POST', '/ads/add', { token, form });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const ad = created.data.adsData as { id: number; image: string; galleryimages: string };
    const gallery = JSON.parse(ad.galleryimages) as string[];
    const stored = [...filesOf(ad.image), ...filesOf(gallery[0])].sort();
    expect(await s3.keys()).toEqual(expect.arrayContaining(stored));
    // Nothing on the local disk: another server behind the balancer sees the same files.
    expect(fs.existsSync(uploadsDir())).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);

    for (const name of filesOf(ad.image)) {
      const res = await serve(name);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const body = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(body.length);
      expect((await sharp(body).metadata()).format).toBe('webp');
    }

    const del = await call('DELETE', `/ads/${ad.id}`, { token });
    expect(del.status).toBe(200);
    for (const name of stored) expect((await serve(name)).status, name).toBe(404);
    const left = await s3.keys();
    for (const name of stored) expect(left).not.toContain(name);
  });

  it('answers 404 for a missing key or a name it would never store', async () => {
    for (const name of ['rte-00000000-0000-0000-0000-000000000000.webp', 'missing.png']) {
      const res = await serve(name);
      expect(res.status, name).toBe(404);
      expect(await res.text()).toBe('Not found');
    }
    for (const bad of ['../pglite/PG_VERSION', '..%2f..%2fetc%2fpasswd', 'x.svg', 'x.html', '']) {
      expect((await serve(bad)).status, bad).toBe(404);
    }
  });

  it('answers 503, not 500, while the bucket cannot be reached', async () => {
    // A loopback port with nobody listening.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    process.env.S3_ENDPOINT = `http://127.0.0.1:${port}`;
    resetEnv();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await serve('ad-00000000-0000-0000-0000-000000000000.webp');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(String(logged.mock.calls[0]?.[0])).toContain('[uploads] could not read');
    } finally {
      logged.mockRestore();
      process.env.S3_ENDPOINT = s3.endpoint;
      resetEnv();
    }
    expect((await serve('ad-00000000-0000-0000-0000-000000000000.webp')).status).toBe(404);
  });

  it('an editor image is uploaded to the bucket and swept from it once abandoned', async () => {
    const { token } = await makeUser({ role: 'admin' });
    const upload = async (colour: string) => {
      const body = new FormData();
      body.append('image', await pngFile('inline.png', colour));
      const res = await call('POST', '/uploads/image', { token, form: body });
      expect(res.status).toBe(201);
      expect((await serve(path.basename(res.data.url))).status).toBe(200);
      return { url: res.data.url as string, name: res.data.name as string };
    };
    const kept = await upload('#112233');
    const dropped = await upload('#445566');
    await db()
      .insert(faqs)
      .values({ question: 'Pictured?', answer: `<img src="${kept.url}">` });

    // Just uploaded: younger than the grace period, so both stay.
    expect(await sweepEditorImages()).toEqual([]);
    // A day and an hour later (LastModified from the bucket): only the one no FAQ shows goes.
    expect(await sweepEditorImages({ now: Date.now() + 25 * 3600_000 })).toEqual([dropped.name]);
    const keys = await s3.keys();
    for (const f of filesOf(kept.name)) expect(keys).toContain(f);
    for (const f of filesOf(dropped.name)) expect(keys).not.toContain(f);
    expect((await serve(path.basename(dropped.url))).status).toBe(404);
  });
});

describe('STORAGE=s3 configuration', () => {
  it('fails at start-up, naming the variable, when S3_BUCKET is missing', async () => {
    const bucket = process.env.S3_BUCKET;
    delete process.env.S3_BUCKET;
    resetEnv();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(putFile('x.webp', Buffer.from('x'))).rejects.toThrow('Invalid environment variables');
      expect(String(logged.mock.calls[0]?.[0])).toContain('S3_BUCKET: required when STORAGE=s3');
    } finally {
      logged.mockRestore();
      process.env.S3_BUCKET = bucket;
      resetEnv();
    }
  });
});
