import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { siteSettings } from '../../api/db/schema/index.ts';
import { MESSAGES } from '../../api/schemas/user.ts';
import { nextUtcDay } from '../../api/services/ads/get-photo-limit.ts';
import { dropSettingsCache } from '../../api/services/settings/get-settings.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { setupTestDb } from '../helpers/test-db.ts';

let categoryId = 0;

beforeAll(async () => {
  await setupTestDb();
  categoryId = (await insertCategory({ name: 'Bikes', slug: 'bikes' })).id;
});

describe('validation answers name every wrong field (fields)', () => {
  it('a JSON body: each field with its first message, in the schema order; message stays the first', async () => {
    const res = await call('POST', '/user/signup', {
      json: { name: '', email: 'not-an-email', password: 'secret1', cpassword: '' },
    });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe(MESSAGES.name);
    expect(res.data.error).toBe(res.data.message);
    expect(res.data.fields).toEqual([
      { path: 'name', message: MESSAGES.name },
      { path: 'email', message: MESSAGES.emailFormat },
      { path: 'cpassword', message: MESSAGES.cpassword },
    ]);
  });

  it('a multipart ad form gets the same list', async () => {
    const { token } = await makeUser();
    const form = new FormData();
    for (const k of ['heading', 'description', 'category', 'price', 'rating', 'location']) form.append(k, '');
    form.append('heading', '');
    const res = await call('POST', '/ads/add', { token, form });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe('Please enter heading.');
    expect(res.data.fields.map((f: { path: string }) => f.path)).toEqual([
      'heading',
      'description',
      'category',
      'price',
      'rating',
      'location',
    ]);
  });

  it('errors that are not about a field carry no fields', async () => {
    const res = await call('GET', '/get-limit');
    expect(res.status).toBe(401);
    expect(res.data).not.toHaveProperty('fields');
  });
});

describe('GET /api/get-limit says when the daily count starts again', () => {
  it('resetsAt is the next midnight UTC for a limited plan, null for an unlimited one', async () => {
    await db()
      .insert(siteSettings)
      .values({ id: 1, freenumberads: 1 })
      .onConflictDoUpdate({ target: siteSettings.id, set: { freenumberads: 1 } });
    dropSettingsCache();
    const { token, user } = await makeUser({ subscription: 'free' });
    await insertAd({ heading: 'Today', categoryId, userId: user.id });
    const before = Date.now();
    const limit = await call('GET', '/get-limit', { token });
    expect(limit.data).toMatchObject({ success: true, adsPerDay: 1, adsLeftToday: 0 });
    const resetsAt = new Date(limit.data.resetsAt);
    expect(resetsAt.toISOString()).toBe(limit.data.resetsAt);
    expect(resetsAt.getUTCHours()).toBe(0);
    expect(resetsAt.getUTCMinutes()).toBe(0);
    expect(resetsAt.getTime()).toBeGreaterThan(before);
    expect(resetsAt.getTime() - before).toBeLessThanOrEqual(24 * 3600 * 1000);

    const admin = await makeUser({ role: 'admin' });
    const unlimited = await call('GET', '/get-limit', { token: admin.token });
    expect(unlimited.data).toMatchObject({ adsPerDay: null, adsLeftToday: null, resetsAt: null });
  });

  it('nextUtcDay is the midnight after the moment, also just before and at midnight', () => {
    expect(nextUtcDay(new Date('2026-11-25T14:05:00Z')).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(nextUtcDay(new Date('2026-11-25T23:59:59.999Z')).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(nextUtcDay(new Date('2026-11-25T00:00:00Z')).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(nextUtcDay(new Date('2026-12-31T12:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
