import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { ads, membershipPlans, siteSettings } from '../../api/db/schema/index.ts';
import { dropSettingsCache } from '../../api/services/settings/get-settings.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

let uploads = '';
let category: { id: number; slug: string; name: string };
let other: { id: number; slug: string; name: string };

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

/** Generous limits unless a test sets its own. */
async function setLimits(values: Partial<typeof siteSettings.$inferInsert>) {
  await db()
    .insert(siteSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: siteSettings.id, set: values });
  dropSettingsCache();
}

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

const files = () => (fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : []);

async function png(name = 'photo.png', colour = '#c0392b', width = 900, height = 600) {
  const buf = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(buf)], name, { type: 'image/png' });
}

function adForm(values: Record<string, string> = {}, extra: { image?: File; gallery?: File[] } = {}) {
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

async function createAd(token: string, values: Record<string, string> = {}, extra = {}) {
  const res = await call('POST', '/ads/add', { token, form: adForm(values, extra) });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data.adsData;
}

/** The files of one stored image: the full copy and its 400/1200 renditions. */
const filesOf = (name: string) => {
  const base = name.replace(/\.webp$/, '');
  return [`${base}.webp`, `${base}-400.webp`, `${base}-1200.webp`];
};

describe(`ads on ${driver}`, () => {
  it('a customer creates an ad with an image, gallery, features and Featured', async () => {
    const { token, user } = await makeUser({ subscription: 'gold' });
    const res = await call('POST', '/ads/add', {
      token,
      form: adForm(
        { make_as_featured: 'Y' },
        { image: await png('main.png'), gallery: [await png('g1.png'), await png('g2.png', '#2980b9')] },
      ),
    });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ success: true, message: 'Ad created successfully' });
    const ad = res.data.adsData;
    expect(ad).toMatchObject({
      heading: 'iPhone 13 Pro, 256 GB',
      slug: 'iphone-13-pro-256-gb',
      category: 'mobile-phones',
      category_name: 'Mobile Phones',
      price: 650,
      rating: 4,
      location: 'Oslo',
      make_as_featured: 'Y',
      user_id: user.id,
    });
    expect(JSON.parse(ad.features)).toEqual([
      { id: 1, value: 'Unlocked' },
      { id: 2, value: 'Original box' },
    ]);
    const gallery = JSON.parse(ad.galleryimages) as string[];
    expect(gallery).toHaveLength(2);
    // Random names, never the client's; WebP renditions beside the full copy.
    for (const name of [ad.image, ...gallery]) {
      expect(name).toMatch(/^ad-[0-9a-f-]{36}\.webp$/);
      for (const f of filesOf(name)) expect(fs.existsSync(path.join(uploads, f)), f).toBe(true);
    }
    const meta = await sharp(path.join(uploads, filesOf(ad.image)[1])).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(400);

    const read = await call('GET', `/ads/${ad.id}`, { token });
    expect(read.status).toBe(200);
    expect(read.data).toMatchObject({ success: true, message: 'Ad loaded' });
    expect(read.data.adsData.slug).toBe(ad.slug);
  });

  it('makes the slug from the heading by the slug rule and keeps it unique (-2, -3)', async () => {
    const { token } = await makeUser();
    const a = await createAd(token, { heading: '  Vintage   Bike -- for SALE!! ' });
    const b = await createAd(token, { heading: 'Vintage bike for sale' });
    const c = await createAd(token, { heading: 'vintage-bike-for-sale' });
    expect([a.slug, b.slug, c.slug]).toEqual([
      'vintage-bike-for-sale',
      'vintage-bike-for-sale-2',
      'vintage-bike-for-sale-3',
    ]);
    const d = await createAd(token, { heading: '¡¡¡!!!' });
    expect(d.slug).toMatch(/^ad(-\d+)?$/);
  });

  it('answers the ad form messages in order, first failing field only', async () => {
    const { token } = await makeUser();
    const empty = { heading: '', description: '', category: '', price: '', rating: '', location: '' };
    const order: [string, string][] = [
      ['heading', 'Please enter heading.'],
      ['description', 'Please enter description.'],
      ['category', 'Please select category.'],
      ['price', 'Please enter price.'],
      ['rating', 'Please select rating.'],
      ['location', 'Please enter location.'],
    ];
    const filled: Record<string, string> = {
      heading: 'Sofa',
      description: '<p>Comfy</p>',
      category: category.slug,
      price: '10',
      rating: '3',
      location: 'Bergen',
    };
    const values: Record<string, string> = { ...empty };
    for (const [field, message] of order) {
      const res = await call('POST', '/ads/add', { token, form: adForm(values) });
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ success: false, error: message });
      values[field] = filled[field];
    }
    // An empty editor, or one holding only what the sanitiser removes, is an empty description.
    for (const description of ['<p></p>', '<p>&nbsp;</p>', '<script>alert(1)</script>']) {
      const res = await call('POST', '/ads/add', { token, form: adForm({ description }) });
      expect(res.data.error).toBe('Please enter description.');
    }
    const unknown = await call('POST', '/ads/add', { token, form: adForm({ category: 'no-such-category' }) });
    expect(unknown.status).toBe(400);
    expect(unknown.data.error).toBe('Please select category.');
    for (const [price, error] of [
      ['abc', 'Please enter a valid price.'],
      ['-5', 'Price cannot be negative.'],
      ['99999999999', 'Price is too large.'],
    ]) {
      const res = await call('POST', '/ads/add', { token, form: adForm({ price }) });
      expect(res.status).toBe(400);
      expect(res.data.error).toBe(error);
    }
    const rating = await call('POST', '/ads/add', { token, form: adForm({ rating: '7' }) });
    expect(rating.data.error).toBe('Rating must be between 1 and 5.');
    const features = await call('POST', '/ads/add', { token, form: adForm({ features: '{nope' }) });
    expect(features.data.error).toBe('Features must be a JSON list.');
  });

  it('stores a sanitised description', async () => {
    const { token } = await makeUser();
    const ad = await createAd(token, {
      description:
        '<h2 style="text-align:center">Title</h2><p dir="rtl"><span style="color:#e11d48;font-size:1.5em">red</span></p>' +
        '<p onclick="steal()">x<script>alert(1)</script><img src="https://evil.test/t.png"><img src=x onerror=alert(1)></p>' +
        '<a href="javascript:alert(1)">bad</a><a href="https://ok.test">ok</a><iframe src="https://evil.test"></iframe>',
    });
    // Structure stays; the seller's colour and size do not (docs/RULES.md, Rich text).
    expect(ad.description).toBe(
      '<h2 style="text-align:center">Title</h2><p dir="rtl"><span>red</span></p>' +
        '<p>x</p><a rel="noopener nofollow">bad</a><a href="https://ok.test" rel="noopener nofollow">ok</a>',
    );
  });

  it('keeps features tidy: strings or {id,value}, blanks dropped, empty text means none', async () => {
    const { token } = await makeUser();
    const a = await createAd(token, { features: JSON.stringify(['  Warranty ', '', { value: 'Charger' }, { id: 9 }]) });
    expect(JSON.parse(a.features)).toEqual([
      { id: 1, value: 'Warranty' },
      { id: 2, value: 'Charger' },
    ]);
    const b = await createAd(token, { features: '', make_as_featured: 'N' });
    expect(b.features).toBe('[]');
    expect(b.make_as_featured).toBe('N');
  });

  it('drops gallery files beyond the plan photo limit (silently) and answers it on /get-limit', async () => {
    await setLimits({ freenumberphotoAds: 2, goldnumberphotoAds: 4, platinumnumberphotoAds: 7 });
    const free = await makeUser({ subscription: 'free' });
    const gold = await makeUser({ subscription: 'gold' });
    const platinum = await makeUser({ subscription: 'platinum' });
    const admin = await makeUser({ role: 'admin' });
    expect((await call('GET', '/get-limit', { token: free.token })).data).toMatchObject({
      success: true,
      photolimit: 2,
    });
    expect((await call('GET', '/get-limit', { token: gold.token })).data.photolimit).toBe(4);
    expect((await call('GET', '/get-limit', { token: platinum.token })).data.photolimit).toBe(7);
    expect((await call('GET', '/get-limit', { token: admin.token })).data.photolimit).toBeGreaterThanOrEqual(7);
    expect((await call('GET', '/get-limit')).status).toBe(401);

    const before = files().length;
    const gallery = await Promise.all(['#111111', '#222222', '#333333', '#444444'].map((c, i) => png(`g${i}.png`, c)));
    const ad = await createAd(free.token, {}, { gallery });
    expect(JSON.parse(ad.galleryimages)).toHaveLength(2);
    // Only the kept images were stored: nothing on disk for the dropped ones.
    expect(files().length - before).toBe(2 * 3);

    // On update the allowance is the limit minus the images kept.
    const form = adForm(
      { id: String(ad.id), esitingGalleryImages: ad.galleryimages, removedGalleryImages: '[]' },
      {
        gallery: [await png('more.png')],
      },
    );
    const upd = await call('POST', '/ads/update', { token: free.token, form });
    expect(upd.status).toBe(200);
    expect(JSON.parse(upd.data.adsData.galleryimages)).toEqual(JSON.parse(ad.galleryimages));
    expect(files().length - before).toBe(2 * 3);
  });

  it('limits ads per day by plan with a clear 429 naming the limit; admins are unlimited', async () => {
    await setLimits({ freenumberads: 2, goldnumberads: 3 });
    const { token, user } = await makeUser({ subscription: 'free' });
    // Yesterday's ads do not count.
    await insertAd({
      heading: 'Old one',
      categoryId: category.id,
      userId: user.id,
      createdAt: new Date(Date.now() - 2 * 24 * 3600 * 1000),
    });
    await createAd(token, { heading: 'First today' });
    await createAd(token, { heading: 'Second today' });
    const before = files();
    const third = await call('POST', '/ads/add', {
      token,
      form: adForm({ heading: 'Third today' }, { image: await png() }),
    });
    expect(third.status).toBe(429);
    expect(third.data.success).toBe(false);
    expect(third.data.error).toBe(
      "You have reached the Free plan's limit of 2 ads per day. Please try again tomorrow or upgrade your membership.",
    );
    expect(files()).toEqual(before);
    const limit = await call('GET', '/get-limit', { token });
    expect(limit.data).toMatchObject({ adsPerDay: 2, adsLeftToday: 0 });

    const admin = await makeUser({ role: 'admin', subscription: 'free' });
    for (let i = 0; i < 4; i++) await createAd(admin.token, { heading: `Admin ad ${i}` });
  });

  it('lets two parallel posts not both take the last slot of the day', async () => {
    await setLimits({ goldnumberads: 1 });
    const { token } = await makeUser({ subscription: 'gold' });
    const results = await Promise.all([
      call('POST', '/ads/add', { token, form: adForm({ heading: 'Race A' }) }),
      call('POST', '/ads/add', { token, form: adForm({ heading: 'Race B' }) }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 429]);
  });

  it('refuses a text file renamed .png with 400 and stores nothing', async () => {
    const { token, user } = await makeUser();
    const before = files();
    const fake = new File(['hello, I am not a picture'], 'cat.png', { type: 'image/png' });
    const res = await call('POST', '/ads/add', { token, form: adForm({ heading: 'Fake image' }, { image: fake }) });
    expect(res.status).toBe(400);
    expect(res.data.error).toBe('Only JPEG, PNG, WebP, GIF or AVIF images are allowed.');
    expect(files()).toEqual(before);
    // A good main image with a bad gallery file: the good one is not left behind either.
    const mixed = await call('POST', '/ads/add', {
      token,
      form: adForm({ heading: 'Fake gallery' }, { image: await png(), gallery: [await png('ok.png'), fake] }),
    });
    expect(mixed.status).toBe(400);
    expect(files()).toEqual(before);
    const rows = await db().select().from(ads).where(eq(ads.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('answers 413 to a 30 MB upload and keeps answering', async () => {
    const { token } = await makeUser();
    const before = files();
    const big = new File([new Uint8Array(30 * 1024 * 1024)], 'huge.jpg', { type: 'image/jpeg' });
    const res = await call('POST', '/ads/add', { token, form: adForm({ heading: 'Huge' }, { image: big }) });
    expect(res.status).toBe(413);
    expect(res.data).toMatchObject({ success: false, error: 'Each image must be at most 10 MB.' });
    expect(files()).toEqual(before);
    // A body over the request limit is cut off before it is read.
    const huge = new File([new Uint8Array(45 * 1024 * 1024)], 'huger.jpg', { type: 'image/jpeg' });
    const over = await call('POST', '/ads/add', { token, form: adForm({ heading: 'Huger' }, { image: huge }) });
    expect(over.status).toBe(413);
    expect(over.data.success).toBe(false);
    const next = await call('GET', '/get-limit', { token });
    expect(next.status).toBe(200);
    await createAd(token, { heading: 'Still works' });
  });

  it("leaves another user's ad untouched (403) and hides it from their list", async () => {
    const owner = await makeUser();
    const intruder = await makeUser();
    const ad = await createAd(owner.token, { heading: 'Mine only' }, { image: await png() });
    expect((await call('GET', `/ads/${ad.id}`, { token: intruder.token })).status).toBe(403);
    const upd = await call('POST', '/ads/update', {
      token: intruder.token,
      form: adForm({ id: String(ad.id), heading: 'Hijacked', esitingGalleryImages: '[]' }),
    });
    expect(upd.status).toBe(403);
    expect(upd.data.error).toBe('You can only manage your own ads.');
    const del = await call('DELETE', `/ads/${ad.id}`, { token: intruder.token });
    expect(del.status).toBe(403);
    const read = await call('GET', `/ads/${ad.id}`, { token: owner.token });
    expect(read.data.adsData).toMatchObject({ heading: 'Mine only', image: ad.image });
    for (const f of filesOf(ad.image)) expect(fs.existsSync(path.join(uploads, f))).toBe(true);

    const list = await call('GET', '/ads', { token: intruder.token });
    expect(list.status).toBe(200);
    expect(list.data.success).toBe(true);
    expect(list.data.users).toEqual(list.data.ads);
    expect(list.data.ads.find((a: { id: number }) => a.id === ad.id)).toBeUndefined();
    const mine = await call('GET', '/ads', { token: owner.token });
    expect(mine.data.ads.map((a: { id: number }) => a.id)).toContain(ad.id);
    expect(mine.data.ads.every((a: { user_id: number }) => a.user_id === owner.user.id)).toBe(true);
    const admin = await makeUser({ role: 'admin' });
    const all = await call('GET', '/ads', { token: admin.token });
    const ids = all.data.users.map((a: { id: number }) => a.id);
    expect(ids).toContain(ad.id);
    expect(new Set(all.data.users.map((a: { user_id: number }) => a.user_id)).size).toBeGreaterThan(1);

    expect((await call('GET', '/ads')).status).toBe(401);
    expect((await call('GET', '/ads/999999', { token: owner.token })).status).toBe(404);
    expect((await call('GET', '/ads/abc', { token: owner.token })).status).toBe(400);
  });

  it('an admin edits and deletes any ad; the owner stays the owner', async () => {
    const owner = await makeUser();
    const admin = await makeUser({ role: 'admin' });
    const ad = await createAd(owner.token, { heading: 'Moderate me' });
    const upd = await call('POST', '/ads/update', {
      token: admin.token,
      form: adForm({ id: String(ad.id), heading: 'Moderated', esitingGalleryImages: '[]' }),
    });
    expect(upd.status).toBe(200);
    expect(upd.data.adsData).toMatchObject({ heading: 'Moderated', user_id: owner.user.id, slug: 'moderated' });
    expect((await call('DELETE', `/ads/${ad.id}`, { token: admin.token })).status).toBe(200);
  });

  it('updates: replaces the image, removes gallery images from disk, adds new ones, keeps order', async () => {
    const { token } = await makeUser();
    const ad = await createAd(
      token,
      { heading: 'Camera kit' },
      {
        image: await png('m.png'),
        gallery: [await png('a.png', '#111111'), await png('b.png', '#222222'), await png('c.png', '#333333')],
      },
    );
    const [a, b, c] = JSON.parse(ad.galleryimages) as string[];
    const form = adForm(
      {
        id: String(ad.id),
        heading: 'Camera kit',
        description: '<p>Updated</p>',
        category: other.slug,
        price: '99.5',
        rating: '5',
        location: 'Trondheim',
        features: JSON.stringify([{ id: 1, value: 'Tripod' }]),
        make_as_featured: 'N',
        esitingGalleryImages: JSON.stringify([c, a]),
        removedGalleryImages: JSON.stringify([b]),
      },
      { image: await png('new-main.png', '#16a085'), gallery: [await png('d.png', '#444444')] },
    );
    const res = await call('POST', '/ads/update', { token, form });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ success: true, message: 'Ad updated successfully' });
    const upd = res.data.adsData;
    expect(upd).toMatchObject({
      slug: ad.slug,
      description: '<p>Updated</p>',
      category: 'cars',
      price: 99.5,
      rating: 5,
      location: 'Trondheim',
      make_as_featured: 'N',
    });
    expect(JSON.parse(upd.features)).toEqual([{ id: 1, value: 'Tripod' }]);
    const gallery = JSON.parse(upd.galleryimages) as string[];
    expect(gallery.slice(0, 2)).toEqual([c, a]);
    expect(gallery).toHaveLength(3);
    expect(upd.image).not.toBe(ad.image);
    for (const f of [...filesOf(b), ...filesOf(ad.image)]) expect(fs.existsSync(path.join(uploads, f)), f).toBe(false);
    for (const n of [upd.image, ...gallery])
      for (const f of filesOf(n)) expect(fs.existsSync(path.join(uploads, f)), f).toBe(true);

    // A new heading gives a new slug; the same heading keeps it.
    const renamed = await call('POST', '/ads/update', {
      token,
      form: adForm({ id: String(ad.id), heading: 'Camera kit deluxe', esitingGalleryImages: upd.galleryimages }),
    });
    expect(renamed.data.adsData.slug).toBe('camera-kit-deluxe');
    expect(JSON.parse(renamed.data.adsData.galleryimages)).toEqual(gallery);
  });

  it('ignores mass assignment: user_id, owner, slug or another id in the body change nothing', async () => {
    const victim = await makeUser();
    const { token, user } = await makeUser();
    const created = await call('POST', '/ads/add', {
      token,
      form: adForm({
        heading: 'Honest ad',
        user_id: String(victim.user.id),
        userId: String(victim.user.id),
        slug: 'custom',
        id: '1',
      }),
    });
    expect(created.status).toBe(201);
    expect(created.data.adsData).toMatchObject({ user_id: user.id, slug: 'honest-ad' });
    const ad = created.data.adsData;
    const upd = await call('POST', '/ads/update', {
      token,
      form: adForm({
        id: String(ad.id),
        heading: 'Honest ad',
        user_id: String(victim.user.id),
        owner: String(victim.user.id),
        slug: 'taken-over',
        created_at: '2000-01-01',
        esitingGalleryImages: '[]',
      }),
    });
    expect(upd.status).toBe(200);
    expect(upd.data.adsData).toMatchObject({ id: ad.id, user_id: user.id, slug: 'honest-ad' });
    expect(new Date(upd.data.adsData.created_at).getFullYear()).toBeGreaterThan(2000);
  });

  it("never adopts another ad's files through esitingGalleryImages", async () => {
    const owner = await makeUser();
    const thief = await makeUser();
    const theirs = await createAd(owner.token, { heading: 'Has gallery' }, { gallery: [await png()] });
    const mine = await createAd(thief.token, { heading: 'Wants gallery' });
    const upd = await call('POST', '/ads/update', {
      token: thief.token,
      form: adForm({ id: String(mine.id), heading: 'Wants gallery', esitingGalleryImages: theirs.galleryimages }),
    });
    expect(upd.status).toBe(200);
    expect(JSON.parse(upd.data.adsData.galleryimages)).toEqual([]);
  });

  it('deletes an ad with its files; a file another ad still uses stays', async () => {
    const { token, user } = await makeUser();
    const ad = await createAd(token, { heading: 'Short lived' }, { image: await png(), gallery: [await png('g.png')] });
    const [g] = JSON.parse(ad.galleryimages) as string[];
    // Demo data may share one file between ads: that file must survive.
    await insertAd({ heading: 'Shares image', categoryId: category.id, userId: user.id, image: g });
    const res = await call('DELETE', `/ads/${ad.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ success: true, message: 'Ad deleted successfully' });
    for (const f of filesOf(ad.image)) expect(fs.existsSync(path.join(uploads, f))).toBe(false);
    for (const f of filesOf(g)) expect(fs.existsSync(path.join(uploads, f))).toBe(true);
    expect((await call('GET', `/ads/${ad.id}`, { token })).status).toBe(404);
    expect((await call('DELETE', `/ads/${ad.id}`, { token })).status).toBe(404);
  });

  it('leaves no orphan files when the database refuses the save', async () => {
    const { token } = await makeUser();
    await db().execute(sql`
      CREATE OR REPLACE FUNCTION refuse_doomed_ad() RETURNS trigger AS $$
      BEGIN
        IF NEW.heading LIKE 'Doomed%' THEN RAISE EXCEPTION 'refused by test trigger'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await db().execute(sql`
      CREATE TRIGGER refuse_doomed_ad BEFORE INSERT OR UPDATE ON ads
      FOR EACH ROW EXECUTE FUNCTION refuse_doomed_ad()`);
    try {
      const before = files();
      const res = await call('POST', '/ads/add', {
        token,
        form: adForm({ heading: 'Doomed ad' }, { image: await png(), gallery: [await png('g.png')] }),
      });
      expect(res.status).toBe(500);
      expect(res.data.success).toBe(false);
      expect(files()).toEqual(before);

      const ad = await createAd(token, { heading: 'Survivor' }, { image: await png() });
      const kept = files();
      const upd = await call('POST', '/ads/update', {
        token,
        form: adForm(
          { id: String(ad.id), heading: 'Doomed now', esitingGalleryImages: '[]' },
          { image: await png('n.png') },
        ),
      });
      expect(upd.status).toBe(500);
      expect(files()).toEqual(kept);
      const read = await call('GET', `/ads/${ad.id}`, { token });
      expect(read.data.adsData).toMatchObject({ heading: 'Survivor', image: ad.image });
    } finally {
      await db().execute(sql`DROP TRIGGER IF EXISTS refuse_doomed_ad ON ads`);
    }
  });

  it('uploads editor images to /uploads and removes them with the ad that showed them', async () => {
    const { token } = await makeUser();
    const form = new FormData();
    form.append('image', await png('inline.png'));
    const up = await call('POST', '/uploads/image', { token, form });
    expect(up.status).toBe(201);
    expect(up.data.url).toMatch(/^\/uploads\/rte-[0-9a-f-]{36}-1200\.webp$/);
    expect(fs.existsSync(path.join(uploads, path.basename(up.data.url)))).toBe(true);
    const ad = await createAd(token, { description: `<p>Look:</p><img src="${up.data.url}" alt="detail">` });
    expect(ad.description).toBe(`<p>Look:</p><img src="${up.data.url}" alt="detail" />`);
    // Dropped from the description: gone from disk.
    await call('POST', '/ads/update', {
      token,
      form: adForm({ id: String(ad.id), description: '<p>No picture now</p>', esitingGalleryImages: '[]' }),
    });
    expect(fs.existsSync(path.join(uploads, path.basename(up.data.url)))).toBe(false);

    const noFile = await call('POST', '/uploads/image', { token, form: new FormData() });
    expect(noFile.status).toBe(400);
    const text = new FormData();
    text.append('image', new File(['<svg onload=alert(1)>'], 'x.png', { type: 'image/png' }));
    expect((await call('POST', '/uploads/image', { token, form: text })).status).toBe(400);
    expect((await call('POST', '/uploads/image', { form })).status).toBe(401);
  });
});

describe(`featured placement follows the plan on ${driver}`, () => {
  const refusal = 'Featured placement is not part of your membership plan. Choose a plan that includes featured ads.';

  it('refuses a free customer who asks for Featured, and stores nothing', async () => {
    const { token, user } = await makeUser();
    const res = await call('POST', '/ads/add', { token, form: adForm({ make_as_featured: 'Y' }) });
    expect(res.status).toBe(403);
    expect(res.data).toEqual({ success: false, error: refusal, message: refusal });
    const rows = await db().select().from(ads).where(eq(ads.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('lets Gold and Platinum members and admins feature an ad', async () => {
    for (const who of [{ subscription: 'gold' }, { subscription: 'platinum' }, { role: 'admin' }] as const) {
      const { token } = await makeUser(who);
      const ad = await createAd(token, { make_as_featured: 'Y' });
      expect(ad.make_as_featured).toBe('Y');
    }
  });

  it('tells the form whether the plan includes featured ads', async () => {
    const free = await makeUser();
    const gold = await makeUser({ subscription: 'gold' });
    expect((await call('GET', '/get-limit', { token: free.token })).data.featured).toBe(false);
    expect((await call('GET', '/get-limit', { token: gold.token })).data.featured).toBe(true);
  });

  it('refuses turning Featured on in an update, but an ad featured earlier keeps it', async () => {
    const { token, user } = await makeUser();
    const plain = await createAd(token);
    const on = await call('POST', '/ads/update', {
      token,
      form: adForm({ id: String(plain.id), make_as_featured: 'Y', esitingGalleryImages: '[]' }),
    });
    expect(on.status).toBe(403);
    expect(on.data.message).toBe(refusal);
    // Featured while on a paid plan, then back on Free: ordinary edits still save.
    const earlier = await insertAd({
      heading: 'Featured earlier',
      userId: user.id,
      categoryId: category.id,
      makeAsFeatured: 'Y',
    });
    const edit = await call('POST', '/ads/update', {
      token,
      form: adForm({
        id: String(earlier.id),
        heading: 'Still featured',
        make_as_featured: 'Y',
        esitingGalleryImages: '[]',
      }),
    });
    expect(edit.status, JSON.stringify(edit.data)).toBe(200);
    expect(edit.data.adsData.make_as_featured).toBe('Y');
  });
});
