import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { ads, users } from '../../api/db/schema/index.ts';
import { listSitemapSellers } from '../../api/services/sellers/sitemap-sellers.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

let categoryId = 0;
beforeAll(async () => {
  await setupTestDb();
  categoryId = (await insertCategory({ name: 'Seller things' })).id;
});

async function adIn(
  userId: number,
  heading: string,
  status: 'active' | 'reserved' | 'sold' | 'paused' | 'expired' | 'pending' | 'removed',
) {
  const ad = await insertAd({ heading, categoryId, userId });
  await db().update(ads).set({ status }).where(eq(ads.id, ad.id));
  return ad;
}

describe(`seller pages on ${driver}`, () => {
  it('shows name, member since, ads on offer only and the count of ads sold; never email or phone', async () => {
    const { user } = await makeUser({ name: 'Emma Jones' });
    await adIn(user.id, 'Blue bike', 'active');
    await adIn(user.id, 'Red kettle', 'reserved');
    await adIn(user.id, 'Old radio', 'sold');
    await adIn(user.id, 'Lamp sold too', 'sold');
    await adIn(user.id, 'Paused chair', 'paused');
    await adIn(user.id, 'Expired desk', 'expired');
    await adIn(user.id, 'Pending rug', 'pending');
    await adIn(user.id, 'Removed mirror', 'removed');
    const res = await call('GET', `/sellers/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.data.seller).toEqual({
      id: user.id,
      name: 'Emma Jones',
      slug: `${user.id}-emma-jones`,
      memberSince: (await db().select().from(users).where(eq(users.id, user.id)))[0].createdAt.toISOString(),
      activeCount: 2,
      soldCount: 2,
      emailVerified: true,
      recentConversations: 0,
      responseRate: null,
      responseMinutes: null,
      rating: { average: null, count: 0 },
    });
    expect(res.data.ads.map((a: { heading: string }) => a.heading).sort()).toEqual(['Blue bike', 'Red kettle']);
    expect(JSON.stringify(res.data)).not.toContain(user.email);
    expect(JSON.stringify(res.data)).not.toContain('phone');
    // The page's slug finds the same seller; a changed name still finds them by id.
    const bySlug = await call('GET', `/sellers/${user.id}-emma-jones`);
    expect(bySlug.data.seller.id).toBe(user.id);
    expect((await call('GET', `/sellers/${user.id}-old-name`)).data.seller.id).toBe(user.id);
  });

  it('pages through the ads on offer', async () => {
    const { user } = await makeUser({ name: 'Many Ads' });
    for (let i = 1; i <= 12; i++) await adIn(user.id, `Thing ${i}`, 'active');
    const first = await call('GET', `/sellers/${user.id}`);
    expect(first.data).toMatchObject({ total: 12, totalPages: 2, page: 1 });
    expect(first.data.ads).toHaveLength(10);
    const second = await call('GET', `/sellers/${user.id}?page=2`);
    expect(second.data.ads).toHaveLength(2);
    const all = [...first.data.ads, ...second.data.ads].map((a: { id: number }) => a.id);
    expect(new Set(all).size).toBe(12);
  });

  it('has no page for a user with nothing public, or an unknown id (404)', async () => {
    const { user } = await makeUser({ name: 'Quiet Person' });
    await adIn(user.id, 'Held back', 'pending');
    expect((await call('GET', `/sellers/${user.id}`)).status).toBe(404);
    expect((await call('GET', '/sellers/999999')).status).toBe(404);
    expect((await call('GET', '/sellers/not-an-id')).status).toBe(400);
  });

  it('lists a seller in the sitemap only while they have ads on offer', async () => {
    const { user } = await makeUser({ name: 'Map Seller' });
    const ad = await adIn(user.id, 'Mapped ad', 'active');
    const path = `/seller/${user.id}-map-seller`;
    expect((await listSitemapSellers()).map((s) => s.path)).toContain(path);
    await db().update(ads).set({ status: 'sold' }).where(eq(ads.id, ad.id));
    expect((await listSitemapSellers()).map((s) => s.path)).not.toContain(path);
  });
});
