import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { ads, categories, users } from '../../api/db/schema/index.ts';
import { countAllAds } from '../../api/services/categories/count-all-ads.ts';
import { listCategories } from '../../api/services/categories/list-categories.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// categories.ad_count is kept by statement-level triggers on ads (drizzle/0002): after any
// insert, update, delete, cascade or truncate it must equal a real count.

let sellerId: number;
let cars: { id: number; slug: string };
let boats: { id: number; slug: string };

beforeAll(async () => {
  await setupTestDb();
  sellerId = (await makeUser({ name: 'Counter Seller' })).user.id;
  cars = await insertCategory({ name: 'Cars', slug: 'cars' });
  boats = await insertCategory({ name: 'Boats', slug: 'boats' });
});

/** The stored counts beside a real count, per category. */
async function countsAgree() {
  const real = await db()
    .select({ id: ads.categoryId, n: sql<number>`count(*)::int` })
    .from(ads)
    .groupBy(ads.categoryId);
  const byId = new Map(real.map((r) => [r.id, r.n]));
  const stored = await listCategories();
  for (const c of stored) expect(c.count, `category ${c.slug}`).toBe(byId.get(c.id) ?? 0);
  expect(await countAllAds()).toBe(real.reduce((sum, r) => sum + r.n, 0));
  return Object.fromEntries(stored.map((c) => [c.slug, c.count]));
}

function adRow(i: number, categoryId: number) {
  return {
    heading: `Bulk ad ${i}`,
    slug: `bulk-ad-${i}-${categoryId}`,
    categoryId,
    userId: sellerId,
    price: 10 + i,
    rating: 3,
  };
}

describe(`category ad counts on ${driver}`, () => {
  it('counts single and multi-row inserts', async () => {
    await insertAd({ heading: 'Red car', categoryId: cars.id, userId: sellerId });
    await db()
      .insert(ads)
      .values(Array.from({ length: 300 }, (_, i) => adRow(i, i % 3 === 0 ? boats.id : cars.id)));
    expect(await countsAgree()).toMatchObject({ cars: 201, boats: 100 });
  });

  it('moves the count when an ad changes category, and only then', async () => {
    const [ad] = await db().select().from(ads).where(eq(ads.heading, 'Red car'));
    await db().update(ads).set({ price: 999 }).where(eq(ads.id, ad.id));
    expect(await countsAgree()).toMatchObject({ cars: 201, boats: 100 });
    await db().update(ads).set({ categoryId: boats.id }).where(eq(ads.id, ad.id));
    expect(await countsAgree()).toMatchObject({ cars: 200, boats: 101 });
    // One statement moving ads both ways.
    await db()
      .update(ads)
      .set({
        categoryId: sql`CASE WHEN ${ads.categoryId} = ${cars.id} THEN ${boats.id}::integer ELSE ${cars.id}::integer END`,
      })
      .where(inArray(ads.slug, [`bulk-ad-1-${cars.id}`, `bulk-ad-2-${cars.id}`, `bulk-ad-3-${boats.id}`]));
    expect(await countsAgree()).toMatchObject({ cars: 199, boats: 102 });
  });

  it('gives /api/all-ads the totals without counting rows', async () => {
    expect((await call('GET', '/all-ads?limit=1')).data.total).toBe(301);
    const boatsOnly = await call('GET', '/all-ads?limit=1&category=boats');
    expect(boatsOnly.data).toMatchObject({ total: 102, totalPages: 102 });
    // A filter beyond the category still counts the matching rows.
    const cheapBoats = await call('GET', '/all-ads?limit=1&category=boats&max_price=20');
    const real = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(ads)
      .where(sql`${ads.categoryId} = ${boats.id} and ${ads.price} <= 20`);
    expect(cheapBoats.data.total).toBe(real[0].n);
  });

  it('counts deletes, user cascades and a category created later', async () => {
    await db()
      .delete(ads)
      .where(inArray(ads.slug, [`bulk-ad-0-${boats.id}`, `bulk-ad-4-${cars.id}`]));
    expect(await countsAgree()).toMatchObject({ cars: 198, boats: 101 });
    const other = (await makeUser({ name: 'Leaving Seller' })).user.id;
    const vans = await insertCategory({ name: 'Vans', slug: 'vans' });
    await insertAd({ heading: 'Old van', categoryId: vans.id, userId: other });
    await insertAd({ heading: 'Old boat', categoryId: boats.id, userId: other });
    expect(await countsAgree()).toMatchObject({ cars: 198, boats: 102, vans: 1 });
    await db().delete(users).where(eq(users.id, other));
    expect(await countsAgree()).toMatchObject({ cars: 198, boats: 101, vans: 0 });
  });

  it('keeps the count when a failed statement rolls back', async () => {
    const bad = [adRow(9001, cars.id), { ...adRow(9002, cars.id), rating: 99 }];
    await expect(db().insert(ads).values(bad)).rejects.toThrow();
    expect(await countsAgree()).toMatchObject({ cars: 198 });
  });

  it('resets to zero on truncate', async () => {
    await db().execute(sql`TRUNCATE ${ads} CASCADE`);
    expect(await countsAgree()).toMatchObject({ cars: 0, boats: 0, vans: 0 });
    const [row] = await db().select({ n: categories.adCount }).from(categories).where(eq(categories.id, cars.id));
    expect(row.n).toBe(0);
  });
});
