import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { ads } from '../../api/db/schema/index.ts';
import { adForm, category, createAd, files, filesOf, other, png, uploads, useAdTests } from '../helpers/ad-tests.ts';
import { insertAd } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver } from '../helpers/test-db.ts';

useAdTests();

describe(`ad edits, deletes and their files on ${driver}`, () => {
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
    // An admin's list holds every seller's ads, the intruder's own too.
    await createAd(intruder.token, { heading: 'The intruder’s own' });
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
