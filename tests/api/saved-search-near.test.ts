import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../api/db/client.ts';
import { places, savedSearchMatches } from '../../api/db/schema/index.ts';
import { runQueuedJobs } from '../../api/jobs/workers.ts';
import { requestSavedSearchMatching } from '../../api/services/saved-searches/queue-matching.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// A saved search keeps its near place and radius, links back to the same near search, and
// its alerts match only ads whose place lies within the radius.

let category: Awaited<ReturnType<typeof insertCategory>>;
let seller: Awaited<ReturnType<typeof makeUser>>;
const placeId = async (name: string, region: string) =>
  (
    await db()
      .select({ id: places.id })
      .from(places)
      .where(and(eq(places.name, name), eq(places.region, region)))
      .orderBy(places.population)
      .limit(1)
  )[0]!.id;

beforeAll(async () => {
  await setupTestDb();
  category = await insertCategory({ name: 'Garden', slug: `garden-near-${driver}` });
  seller = await makeUser({ name: 'Gus Garden' });
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

describe(`saved near searches on ${driver}`, () => {
  it('keeps near and radius, links to the same search, and matches only ads within the radius', async () => {
    const buyer = await makeUser({ name: 'Bea Buyer' });
    const richmond = await placeId('Richmond', 'Virginia');
    const saved = await call('POST', '/saved-searches', {
      token: buyer.token,
      json: { search: 'mower', near: String(richmond), radiusKm: 50, frequency: 'off' },
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(201);
    expect(saved.data.savedSearch).toMatchObject({
      name: 'mower, near Richmond, Virginia, US',
      near: String(richmond),
      radiusKm: 50,
      href: `/?psearchKeyword=mower&pnear=${richmond}&pradius=50`,
    });
    const id = saved.data.savedSearch.id;

    const at = async (heading: string, place: number) => {
      const ad = await insertAd({ heading, categoryId: category!.id, userId: seller.user.id, placeId: place });
      return ad!.id;
    };
    const inside = await at('Petrol mower', await placeId('Petersburg', 'Virginia'));
    const outside = await at('Electric mower', await placeId('Los Angeles', 'California'));
    const nowhere = (await insertAd({ heading: 'Hand mower', categoryId: category!.id, userId: seller.user.id }))!.id;
    await requestSavedSearchMatching();
    await runQueuedJobs(['saved-search-match']);
    const found = await db().select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, id));
    expect(found.map((m) => m.adId)).toEqual([inside]);
    expect(found.map((m) => m.adId)).not.toContain(outside);
    expect(found.map((m) => m.adId)).not.toContain(nowhere);
  });

  it('refuses a near place that does not exist', async () => {
    const buyer = await makeUser();
    const res = await call('POST', '/saved-searches', {
      token: buyer.token,
      json: { search: 'bench', near: '2147483000', frequency: 'off' },
    });
    expect(res.status).toBe(400);
    expect(res.data.message).toMatch(/near names no place/);
  });
});
