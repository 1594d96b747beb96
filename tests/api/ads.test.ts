import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { ads } from '../../api/db/schema/index.ts';
import {
  adForm,
  category,
  createAd,
  files,
  filesOf,
  png,
  setLimits,
  uploads,
  useAdTests,
} from '../helpers/ad-tests.ts';
import { insertAd } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver } from '../helpers/test-db.ts';

useAdTests();

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
});
