import { assert, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { TApiData, TApiError, TApiPath } from '../../src/lib/api.ts';
import type { TAnswer } from '../../src/lib/api-types.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { makeUser, typedCall } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

/**
 * The answer types page code and tests get come from the app's route declarations: these
 * tests read real answers through those types, so a field renamed in a route's response schema
 * breaks the compile here as it would in the admin app and the islands.
 */

beforeAll(async () => {
  await setupTestDb();
});

describe('answer types derived from the routes', () => {
  it('pick the route from the method and the concrete path, a literal route before a parameter', () => {
    expectTypeOf<TApiData<'/api/get-limit'>>().toEqualTypeOf<{
      success: true;
      photolimit: number;
      adsPerDay: number | null;
      adsLeftToday: number | null;
      resetsAt: string | null;
      featured: boolean;
      expiryDays: number;
    }>();
    // /api/ads/add is its own route, not /api/ads/{id} with id "add".
    expectTypeOf<TApiData<'/api/ads/add', 'POST'>['adsData']['heading']>().toEqualTypeOf<string>();
    expectTypeOf<TApiData<`/api/ads/${number}`>['adsData']['created_at']>().toEqualTypeOf<string>();
    // The query string does not change the route.
    expectTypeOf<TApiData<'/api/all-ads?page=2'>['ads'][number]['price']>().toEqualTypeOf<number>();
    // A method the route does not have answers nothing.
    expectTypeOf<TAnswer<'/api/get-limit', 'DELETE'>>().toBeNever();
    // Only the paths the API answers can be fetched: a typo fails the build.
    expectTypeOf<`/api/wishlist/${number}`>().toExtend<TApiPath>();
    expectTypeOf<'/api/get-all-category?page=1'>().toExtend<TApiPath>();
    expectTypeOf<'/api/wishlists'>().not.toExtend<TApiPath>();
    // A path built at run time from a plain string is not typed field by field.
    expectTypeOf<TAnswer<string>>().toEqualTypeOf<{ success: true; [key: string]: unknown }>();
  });
});

describe(`typedCall on ${driver}`, () => {
  it('reads the plan limits of the caller with their declared types', async () => {
    const { token } = await makeUser({ subscription: 'free' });
    const res = await typedCall('GET', '/get-limit', { token });
    expect(res.status).toBe(200);
    assert(res.data.success, 'get-limit failed');
    expectTypeOf(res.data.photolimit).toEqualTypeOf<number>();
    expect(res.data.photolimit).toBeGreaterThan(0);
    expect(typeof res.data.featured).toBe('boolean');
  });

  it('answers a refusal as the error envelope', async () => {
    const res = await typedCall('GET', '/get-limit');
    expect(res.status).toBe(401);
    assert(!res.data.success, 'get-limit answered a visitor');
    expectTypeOf(res.data).toEqualTypeOf<TApiError>();
    expect(res.data.message).toEqual(expect.any(String));
  });

  it('saves, lists and deletes a wishlist item through the typed answers', async () => {
    const { user, token } = await makeUser({ name: 'Typed Seller' });
    const cat = await insertCategory({ name: 'Typed', slug: `typed-${Date.now()}` });
    const ad = await insertAd({ heading: 'Typed lamp', categoryId: cat.id, userId: user.id, image: 'lamp.webp' });

    const added = await typedCall('POST', '/wishlist', {
      token,
      json: { ad_id: ad.id, slug: ad.slug, item_name: ad.heading, item_description: '', item_image: 'lamp.webp' },
    });
    assert(added.data.success, 'the wishlist refused the item');
    expect(added.data.message).toEqual(expect.any(String));

    const list = await typedCall('GET', '/wishlist', { token });
    assert(list.data.success, 'the wishlist did not load');
    const [row] = list.data.data;
    expect(row).toMatchObject({ ad_id: ad.id, item_name: 'Typed lamp', slug: ad.slug });

    const removed = await typedCall('DELETE', `/wishlist/${row.id}`, { token });
    expect(removed.status).toBe(200);
    const after = await typedCall('GET', '/api/wishlist', { token });
    assert(after.data.success, 'the wishlist did not load');
    expect(after.data.data).toEqual([]);
  });

  it("reads the owner's ad with its dates as the strings JSON carries", async () => {
    const { user, token } = await makeUser({ name: 'Ad Owner' });
    const cat = await insertCategory({ name: 'Typed ads', slug: `typed-ads-${Date.now()}` });
    const ad = await insertAd({ heading: 'Typed bike', categoryId: cat.id, userId: user.id, price: 250 });
    const res = await typedCall('GET', `/ads/${ad.id}`, { token });
    assert(res.data.success, 'the ad did not load');
    expect(res.data.adsData).toMatchObject({ id: ad.id, heading: 'Typed bike', price: 250 });
    expect(new Date(res.data.adsData.created_at).getTime()).toBe(ad.createdAt.getTime());
  });
});
