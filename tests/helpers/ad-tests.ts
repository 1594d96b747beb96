import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, beforeEach, expect } from 'vitest';
import { db } from '../../api/db/client.ts';
import { membershipPlans, siteSettings } from '../../api/db/schema/index.ts';
import { dropSettingsCache } from '../../api/services/settings/get-settings.ts';
import { insertCategory } from './catalog-factory.ts';
import { call } from './client.ts';
import { setupTestDb } from './test-db.ts';

// What the ad API tests share: a database with two categories and the plans, generous limits
// before each test, the uploads folder, and the ad form as the site sends it.

export let uploads = '';
export let category: { id: number; slug: string; name: string };
export let other: { id: number; slug: string; name: string };

/** Registers the shared setup: call once at a test file's top level. */
export function useAdTests() {
  beforeAll(async () => {
    const { dataDir } = await setupTestDb();
    uploads = path.join(dataDir, 'uploads');
    category = await insertCategory({ name: 'Mobile Phones', slug: 'mobile-phones' });
    other = await insertCategory({ name: 'Cars', slug: 'cars' });
    // The plans say who may feature an ad: Gold and Platinum do, Free does not.
    await db()
      .insert(membershipPlans)
      .values([
        { planName: 'Free', subscriptionType: 'NA', price: null },
        { planName: 'Gold', subscriptionType: 'Monthly', price: 19, includesFeatured: true },
        { planName: 'Platinum', subscriptionType: 'Yearly', price: 199, includesFeatured: true },
      ]);
  });
  beforeEach(async () => {
    await setLimits({
      freenumberads: 100,
      freenumberphotoAds: 5,
      goldnumberads: 100,
      goldnumberphotoAds: 8,
      platinumnumberads: 100,
      platinumnumberphotoAds: 12,
    });
  });
}

/** Generous limits unless a test sets its own. */
export async function setLimits(values: Partial<typeof siteSettings.$inferInsert>) {
  await db()
    .insert(siteSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: siteSettings.id, set: values });
  dropSettingsCache();
}

export const files = () => (fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : []);

export async function png(name = 'photo.png', colour = '#c0392b', width = 900, height = 600) {
  const buf = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(buf)], name, { type: 'image/png' });
}

export function adForm(values: Record<string, string> = {}, extra: { image?: File; gallery?: File[] } = {}) {
  const form = new FormData();
  const fields: Record<string, string> = {
    heading: 'iPhone 13 Pro, 256 GB',
    description: '<p>Like <strong>new</strong>.</p>',
    category: category.slug,
    price: '650',
    rating: '4',
    location: 'Oslo',
    features: JSON.stringify([
      { id: 1, value: 'Unlocked' },
      { id: 2, value: 'Original box' },
    ]),
    make_as_featured: 'N',
    ...values,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (extra.image) form.append('image', extra.image);
  for (const g of extra.gallery ?? []) form.append('gallery[]', g);
  return form;
}

export async function createAd(token: string, values: Record<string, string> = {}, extra = {}) {
  const res = await call('POST', '/ads/add', { token, form: adForm(values, extra) });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data.adsData;
}

/** The files of one stored image: the full copy and its 400/1200 renditions. */
export const filesOf = (name: string) => {
  const base = name.replace(/\.webp$/, '');
  return [`${base}.webp`, `${base}-400.webp`, `${base}-1200.webp`];
};
