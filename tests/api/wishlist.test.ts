import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { ads, wishlistItems } from '../../api/db/schema/index.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

type TAd = Awaited<ReturnType<typeof insertAd>>;
let bike: TAd;
let sofa: TAd;
let lamp: TAd;

beforeAll(async () => {
  await setupTestDb();
  const { user } = await makeUser({ name: 'Seller' });
  const cat = await insertCategory({ name: 'Home', slug: 'home-things' });
  bike = await insertAd({
    heading: 'Road bike',
    categoryId: cat.id,
    userId: user.id,
    description: '<p>Light <strong>carbon</strong> frame.</p>',
    image: 'bike.webp',
    price: 900,
  });
  sofa = await insertAd({ heading: 'Green sofa', categoryId: cat.id, userId: user.id, image: 'sofa.webp' });
  lamp = await insertAd({ heading: 'Desk lamp', categoryId: cat.id, userId: user.id });
});

const add = (token: string | undefined, json: unknown) => call('POST', '/wishlist', { token, json });
const items = async (token: string) => (await call('GET', '/wishlist', { token })).data.data;

describe(`the wishlist on ${driver}`, () => {
  it('needs a signed-in user for every call', async () => {
    for (const [method, path] of [
      ['GET', '/wishlist'],
      ['POST', '/wishlist'],
      ['DELETE', '/wishlist/1'],
      ['DELETE', '/wishlist?ad_id=1'],
    ]) {
      const res = await call(method, path, { json: method === 'POST' ? { ad_id: bike.id } : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.data.success).toBe(false);
    }
  });

  it('starts empty', async () => {
    const { token } = await makeUser();
    const res = await call('GET', '/wishlist', { token });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ success: true, data: [] });
    expect(typeof res.data.message).toBe('string');
  });

  it("adds an ad and shows it built from the ad's heading, description and image", async () => {
    const { token } = await makeUser();
    const res = await add(token, {
      ad_id: bike.id,
      item_name: 'Road bike',
      item_description: '<p>whatever the client sends</p>',
      item_image: 'bike.webp',
    });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ success: true, message: 'Added to your wishlist.' });
    const list = await items(token);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      ad_id: bike.id,
      slug: bike.slug,
      item_name: 'Road bike',
      item_description: '<p>Light <strong>carbon</strong> frame.</p>',
      item_image: 'bike.webp',
      price: 900,
    });
    expect(typeof list[0].id).toBe('number');
  });

  it('does not duplicate an ad added twice, and says so', async () => {
    const { token } = await makeUser();
    await add(token, { ad_id: sofa.id });
    const again = await add(token, { slug: sofa.slug });
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ success: true, message: 'This ad is already in your wishlist.' });
    expect(await items(token)).toHaveLength(1);
  });

  it('finds the ad by slug, or by the legacy item fields alone', async () => {
    const { token } = await makeUser();
    expect((await add(token, { slug: lamp.slug })).status).toBe(201);
    expect((await add(token, { item_name: 'Road bike', item_description: '', item_image: 'bike.webp' })).status).toBe(
      201,
    );
    expect((await add(token, { item_name: 'Green sofa', item_description: '', item_image: '' })).status).toBe(201);
    const names = (await items(token)).map((i: { item_name: string }) => i.item_name).sort();
    expect(names).toEqual(['Desk lamp', 'Green sofa', 'Road bike']);
  });

  it('refuses a request that names no ad, a bad id and an unknown ad', async () => {
    const { token } = await makeUser();
    const none = await add(token, {});
    expect(none.status).toBe(400);
    expect(none.data.error).toBe('Please choose an ad to add.');
    const bad = await add(token, { ad_id: 'abc' });
    expect(bad.status).toBe(400);
    const unknown = await add(token, { ad_id: 999999 });
    expect(unknown.status).toBe(404);
    expect(unknown.data.error).toBe('Ad not found.');
    const unknownSlug = await add(token, { slug: 'nope', item_name: 'Road bike' });
    expect(unknownSlug.status).toBe(404);
    const notJson = await call('POST', '/wishlist', { token, json: '{oops' });
    expect(notJson.status).toBe(400);
    expect(await items(token)).toEqual([]);
  });

  it("keeps each user's wishlist to themselves", async () => {
    const ann = await makeUser();
    const bob = await makeUser();
    await add(ann.token, { ad_id: bike.id });
    await add(bob.token, { ad_id: sofa.id });
    expect((await items(ann.token)).map((i: { ad_id: number }) => i.ad_id)).toEqual([bike.id]);
    expect((await items(bob.token)).map((i: { ad_id: number }) => i.ad_id)).toEqual([sofa.id]);
  });

  it("answers 404 when deleting another user's item, and leaves it alone", async () => {
    const ann = await makeUser();
    const bob = await makeUser();
    await add(ann.token, { ad_id: bike.id });
    const [annItem] = await items(ann.token);
    const res = await call('DELETE', `/wishlist/${annItem.id}`, { token: bob.token });
    expect(res.status).toBe(404);
    expect(res.data).toMatchObject({ success: false, error: 'Wishlist item not found.' });
    expect(await items(ann.token)).toHaveLength(1);
  });

  it('deletes an own item once; the second delete is a 404', async () => {
    const { token } = await makeUser();
    await add(token, { ad_id: bike.id });
    await add(token, { ad_id: sofa.id });
    const [first] = await items(token);
    const res = await call('DELETE', `/wishlist/${first.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ success: true, message: 'Removed from your wishlist.' });
    expect(await items(token)).toHaveLength(1);
    expect((await call('DELETE', `/wishlist/${first.id}`, { token })).status).toBe(404);
    expect((await call('DELETE', '/wishlist/abc', { token })).status).toBe(400);
    expect((await call('DELETE', '/wishlist/0', { token })).status).toBe(400);
  });

  it('takes an ad out by ad id or slug (the heart on the ad page)', async () => {
    const { token } = await makeUser();
    await add(token, { ad_id: bike.id });
    await add(token, { ad_id: lamp.id });
    expect((await call('DELETE', `/wishlist?ad_id=${bike.id}`, { token })).status).toBe(200);
    expect((await call('DELETE', `/wishlist?slug=${lamp.slug}`, { token })).status).toBe(200);
    expect(await items(token)).toEqual([]);
    expect((await call('DELETE', `/wishlist?ad_id=${bike.id}`, { token })).status).toBe(404);
    expect((await call('DELETE', '/wishlist', { token })).status).toBe(400);
  });

  it('drops items whose ad is deleted', async () => {
    const { user } = await makeUser();
    const cat = await insertCategory({ name: 'Temp' });
    const temp = await insertAd({ heading: 'Short-lived', categoryId: cat.id, userId: user.id });
    const { token } = await makeUser();
    await add(token, { ad_id: temp.id });
    await db().delete(ads).where(eq(ads.id, temp.id));
    expect(await items(token)).toEqual([]);
    const left = await db().select().from(wishlistItems).where(eq(wishlistItems.adId, temp.id));
    expect(left).toEqual([]);
  });
});
