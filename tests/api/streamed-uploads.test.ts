import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { siteSettings } from '../../api/db/schema/index.ts';
import { BODY_LIMITS, MAX_IMAGE_BYTES } from '../../api/lib/limits.ts';
import { FORM_RESERVED_NAME, FORM_TOO_MANY_FILES } from '../../api/lib/multipart.ts';
import { forgetLimiters, resetRateLimits, TOO_MANY_UPLOADS } from '../../api/middleware/rate-limit.ts';
import { dropSettingsCache } from '../../api/services/settings/get-settings.ts';
import { IMAGE_TOO_LARGE, MAX_INPUT_PIXELS } from '../../api/storage/images.ts';
import { makeUser } from '../helpers/client.ts';
import {
  admin,
  appRoutes,
  BUDGET_MS,
  bearer,
  customer,
  hostileSender,
  othersAdId,
  ownAdId,
  owner,
  server,
  tokenOf,
  useHostileApp,
} from '../helpers/hostile-sender.ts';
import { multipart, type TBody } from '../helpers/hostile-shapes.ts';
import { send } from '../helpers/http-send.ts';
import { driver } from '../helpers/test-db.ts';

/**
 * Uploads streamed to the real app on a loopback port: a body too large, too many files or an
 * image too big is refused as soon as the part that breaks the rule arrives, without reading
 * the rest, and nothing half-saved is left behind.
 */

const MB = 1024 * 1024;

useHostileApp();
const { viaWorker, timed } = hostileSender(() => server.origin);
const BODY_ROUTES = appRoutes().filter((r) => r.method !== 'GET' && r.method !== 'HEAD');

async function flatPng(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
}

const adFields = (extra: Record<string, string> = {}) =>
  Object.entries({
    heading: 'Bike',
    description: '<p>Good bike</p>',
    category: 'hostile',
    price: '10',
    rating: '3',
    location: 'Town',
    ...extra,
  }).map(([name, value]) => ({ name, value }));

async function setPhotoLimit(photos: number) {
  const values = { freenumberphotoAds: photos, freenumberads: 100 };
  await db()
    .insert(siteSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: siteSettings.id, set: values });
  dropSettingsCache();
}

describe(`streamed uploads on ${driver}`, () => {
  let smallPng: Buffer;
  beforeAll(async () => {
    smallPng = await flatPng(40, 30);
    // A first upload loads the lazily imported upload and image modules, so that the timed
    // requests below measure the refusal, not this process loading them.
    const { type, body } = multipart([
      ...adFields(),
      { name: 'image', value: smallPng, filename: 'a.png', type: 'image/png' },
    ]);
    await viaWorker({ method: 'POST', path: '/api/ads/add', headers: bearer(await tokenOf(owner)), type, body });
  });

  it('answers 413 at the first file over 10 MB without reading the rest of a 39 MB body', async () => {
    const token = await tokenOf(customer);
    const tooBig = Buffer.concat([smallPng, Buffer.alloc(MAX_IMAGE_BYTES + 2 * MB)]);
    // An ad form: its route takes 40 MB, so the Content-Length passes and the file limit acts.
    const { type, body } = multipart([
      ...adFields(),
      { name: 'image', value: tooBig, filename: 'a.png', type: 'image/png' },
      { name: 'gallery[]', value: Buffer.alloc(39 * MB - tooBig.length), filename: 'b.png', type: 'image/png' },
    ]);
    expect(body.length).toBeGreaterThan(38 * MB);
    for (const inChunks of [false, true]) {
      server.resetBytesRead();
      const res = await viaWorker({
        method: 'POST',
        path: '/api/ads/add',
        headers: bearer(token),
        type,
        body,
        chunked: inChunks,
      });
      expect(res.status).toBe(413);
      expect((res.json as { error: string }).error).toBe(IMAGE_TOO_LARGE);
      // It stopped a little past 10 MB (socket and parser buffers), not at 39 MB.
      expect(server.bytesRead()).toBeLessThan(MAX_IMAGE_BYTES + 2 * MB);
      expect(res.ms).toBeLessThan(1000);
    }
  });

  it('refuses a body over the route limit on its Content-Length at once, before reading any of it', async () => {
    const token = await tokenOf(customer);
    const body = Buffer.alloc(BODY_LIMITS.oneImageForm + 1);
    const res = await timed(
      {
        method: 'POST',
        path: '/api/uploads/image',
        headers: bearer(token),
        type: 'multipart/form-data; boundary=x',
        body,
      },
      server.resetBytesRead,
    );
    expect(res.status).toBe(413);
    expect(res.ms).toBeLessThan(BUDGET_MS);
    expect(res.cpuMs).toBeLessThan(BUDGET_MS);
    expect(server.bytesRead()).toBeLessThan(1 * MB);
  });

  it('refuses the first file past the count on a one-image form (413), without reading the rest', async () => {
    const token = await tokenOf(admin);
    const filler = Buffer.concat([smallPng, Buffer.alloc(4 * MB)]);
    const { type, body } = multipart([
      { name: 'name', value: 'Two images' },
      { name: 'slug', value: 'two-images' },
      { name: 'image', value: smallPng, filename: 'a.png', type: 'image/png' },
      { name: 'image', value: filler, filename: 'b.png', type: 'image/png' },
      { name: 'image', value: filler, filename: 'c.png', type: 'image/png' },
    ]);
    server.resetBytesRead();
    const res = await viaWorker({
      method: 'POST',
      path: '/api/category/add-edit',
      headers: bearer(token),
      type,
      body,
      chunked: true,
    });
    expect(res.status).toBe(413);
    expect(res.json.error).toBe(FORM_TOO_MANY_FILES);
    expect(server.bytesRead()).toBeLessThan(body.length - 4 * MB);
  });

  it("bounds an ad form by the plan: extra gallery files are skipped unread, and the body may not exceed the plan's images", async () => {
    await setPhotoLimit(1);
    const token = await tokenOf(customer);
    // Main image + 1 gallery photo allowed: (1 + 1) × 10 MB + 1 MB of fields.
    const planBytes = 2 * MAX_IMAGE_BYTES + 1 * MB;
    const big = Buffer.concat([smallPng, Buffer.alloc(5 * MB)]);
    const { type, body } = multipart([
      ...adFields(),
      { name: 'image', value: smallPng, filename: 'main.png', type: 'image/png' },
      ...Array.from({ length: 6 }, (_, i) => ({
        name: 'gallery[]',
        value: big,
        filename: `g${i}.png`,
        type: 'image/png',
      })),
    ]);
    expect(body.length).toBeGreaterThan(planBytes);
    for (const inChunks of [false, true]) {
      server.resetBytesRead();
      const res = await viaWorker({
        method: 'POST',
        path: '/api/ads/add',
        headers: bearer(token),
        type,
        body,
        chunked: inChunks,
      });
      expect(res.status).toBe(413);
      expect(server.bytesRead()).toBeLessThanOrEqual(planBytes + 1 * MB);
    }
    await setPhotoLimit(5);
  });

  it('refuses a 6300×6300 PNG (128 KB-class, 40 Mpx) quickly on ad update and the editor, before decoding it', async () => {
    expect(6300 * 6300).toBeGreaterThan(MAX_INPUT_PIXELS);
    const png = await flatPng(6300, 6300);
    const token = await tokenOf(customer);
    const cases = [
      { path: '/api/ads/update', parts: adFields({ id: String(ownAdId) }) },
      { path: '/api/uploads/image', parts: [] },
    ];
    for (const { path, parts } of cases) {
      const { type, body } = multipart([
        ...parts,
        { name: 'image', value: png, filename: 'big.png', type: 'image/png' },
      ]);
      const res = await timed({ method: 'POST', path, headers: bearer(token), type, body });
      expect(res.status, JSON.stringify(res.json)).toBe(413);
      expect(res.json.error).toBe('The image dimensions are too large.');
      // Before: 2.7 s of CPU per request.
      expect(res.ms).toBeLessThan(BUDGET_MS);
      expect(res.cpuMs).toBeLessThan(BUDGET_MS);
    }
  });

  it("refuses someone else's ad update with 403 before validating or reading files, whatever the body", async () => {
    const token = await tokenOf(customer);
    const bodies = [
      // The finding: 100,000 `<` in the description of an ad the caller does not own.
      multipart(adFields({ id: String(othersAdId), description: '<'.repeat(100_000) })),
      multipart([
        { name: 'id', value: String(othersAdId) },
        { name: 'image', value: Buffer.alloc(8 * MB), filename: 'x.png', type: 'image/png' },
        ...adFields({ description: '<'.repeat(200_000) }),
      ]),
    ];
    for (const { type, body } of bodies) {
      const res = await timed(
        { method: 'POST', path: '/api/ads/update', headers: bearer(token), type, body },
        server.resetBytesRead,
      );
      expect(res.status).toBe(403);
      expect(res.ms).toBeLessThan(BUDGET_MS);
      expect(res.cpuMs).toBeLessThan(BUDGET_MS);
      expect(server.bytesRead()).toBeLessThan(2 * MB);
    }
  });
});

// ---------------------------------------------------------------------------------------
// Reserved field names.

describe(`reserved form field names on ${driver}`, () => {
  const NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__proto__[]'];

  it('answer 400 on every form route, as text fields, file fields and urlencoded keys, never 500', async () => {
    const failures: string[] = [];
    for (const route of BODY_ROUTES.filter((r) => r.streamed)) {
      const token = await tokenOf(admin);
      for (const name of NAMES) {
        const bodies: TBody[] = [
          multipart([{ name, value: 'x' }, ...adFields()]),
          multipart([{ name, value: Buffer.from('x'), filename: 'x.png', type: 'image/png' }]),
          { type: 'application/x-www-form-urlencoded', body: Buffer.from(`${encodeURIComponent(name)}=x&name=a`) },
        ];
        for (const { type, body } of bodies) {
          const res = await viaWorker({ method: route.method, path: route.path, headers: bearer(token), type, body });
          if (res.status !== 400 || res.json?.error !== FORM_RESERVED_NAME) {
            failures.push(
              `${route.method} ${route.path} ${name} (${type.split(';')[0]}) → ${res.status} ${JSON.stringify(res.json)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------
// Admin link fields.

describe(`admin link fields on ${driver}`, () => {
  const LINK_FIELDS = ['homepageleftsideadslink', 'homepagetopheaderAdslink', 'adsdetailspageadslink', 'footeradslink'];
  const settings = (extra: Record<string, string>) =>
    multipart(
      Object.entries({
        email: 'site@example.com',
        freenumberads: '3',
        freenumberphotoAds: '5',
        goldnumberads: '10',
        goldnumberphotoAds: '6',
        platinumnumberads: '50',
        platinumnumberphotoAds: '12',
        ...extra,
      }).map(([name, value]) => ({ name, value })),
    );
  const save = async (extra: Record<string, string>) => {
    const { type, body } = settings(extra);
    return send(server.origin, 'POST', '/api/update-settings', {
      headers: { authorization: `Bearer ${await tokenOf(admin)}`, 'content-type': type },
      body,
    });
  };
  const BAD = ['//evil.example', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)', ' JavaScript:alert(1)'];
  const GOOD = ['https://example.com/offer', 'http://example.com', '/membership', ''];

  it('refuse //host, /\\host and javascript: in every link field and in social links', async () => {
    for (const field of LINK_FIELDS) {
      for (const value of BAD) {
        const res = await save({ [field]: value });
        expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(res.json.error).toBe('Links must start with http://, https:// or /.');
      }
    }
    for (const value of BAD) {
      const res = await save({ socialLinks: JSON.stringify([{ icon: 'fa-x', url: value }]) });
      expect(res.status, `social ${JSON.stringify(value)}`).toBe(400);
    }
  });

  it('accept https://…, http://… and /path, and read them back', async () => {
    for (const value of GOOD) {
      const res = await save({
        ...Object.fromEntries(LINK_FIELDS.map((f) => [f, value])),
        socialLinks: JSON.stringify(value ? [{ icon: 'fa-x', url: value }] : []),
      });
      expect(res.status, `${JSON.stringify(value)} → ${JSON.stringify(res.json)}`).toBe(200);
      for (const f of LINK_FIELDS) expect(res.json.data[f]).toBe(value);
    }
  });
});

// ---------------------------------------------------------------------------------------
// The upload rate limit.

describe(`upload rate limit on ${driver}`, () => {
  it('counts every file on every upload route against one per-user limit', async () => {
    const before = process.env.RATE_LIMIT_SCALE;
    // 300 files an hour × 0.01 = 3 files.
    process.env.RATE_LIMIT_SCALE = '0.01';
    forgetLimiters();
    try {
      await resetRateLimits();
      const png = await flatPng(40, 30);
      const uploader = await makeUser({ role: 'admin' });
      const token = await tokenOf(uploader);
      const file = (name: string) => ({ name, value: png, filename: `${name}.png`, type: 'image/png' });
      const post = async (path: string, parts: Parameters<typeof multipart>[0]) => {
        const { type, body } = multipart(parts);
        return send(server.origin, 'POST', path, {
          headers: { authorization: `Bearer ${token}`, 'content-type': type },
          body,
        });
      };
      // An ad with a main image and one gallery photo (2 files), then a category image (3).
      expect((await post('/api/ads/add', [...adFields(), file('image'), file('gallery[]')])).status).toBe(201);
      expect(
        (
          await post('/api/category/add-edit', [
            { name: 'name', value: 'Lim' },
            { name: 'slug', value: 'lim' },
            file('image'),
          ])
        ).status,
      ).toBe(201);
      // The fourth file, on yet another route, is refused before it is read.
      const refused = await post('/api/testimonials', [
        { name: 'name', value: 'N' },
        { name: 'designation', value: 'D' },
        file('image'),
      ]);
      expect(refused.status).toBe(429);
      expect(refused.json.error).toBe(TOO_MANY_UPLOADS);
      // A form without files is not an upload.
      expect(
        (
          await post('/api/testimonials', [
            { name: 'name', value: 'N' },
            { name: 'designation', value: 'D' },
          ])
        ).status,
      ).toBe(201);
      // Someone else still may.
      const other = await tokenOf(admin);
      const { type, body } = multipart([file('image')]);
      const res = await viaWorker({ method: 'POST', path: '/api/uploads/image', headers: bearer(other), type, body });
      expect(res.status).toBe(201);
    } finally {
      if (before === undefined) delete process.env.RATE_LIMIT_SCALE;
      else process.env.RATE_LIMIT_SCALE = before;
      forgetLimiters();
      await resetRateLimits();
    }
  });
});
