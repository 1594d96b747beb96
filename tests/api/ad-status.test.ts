import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { ads, membershipPlans } from '../../api/db/schema/index.ts';
import { applyAdTransition } from '../../api/services/ads/apply-ad-transition.ts';
import { listSitemapAds } from '../../api/services/seo/sitemap.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// changeAdStatus and renewAd: who may call them, what they refuse, and what the public then
// sees of an ad in each state.

const DAY = 24 * 3600 * 1000;
let categoryId = 0;
let owner: Awaited<ReturnType<typeof makeUser>>;
let other: Awaited<ReturnType<typeof makeUser>>;
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  await setupTestDb();
  categoryId = (await insertCategory({ name: 'Stateful', slug: 'stateful' }))!.id;
  owner = await makeUser({ name: 'Olive Owner' });
  other = await makeUser({ name: 'Oscar Other' });
  admin = await makeUser({ role: 'admin', name: 'Ada Admin' });
});

const newAd = async (heading = 'Oak table') => (await insertAd({ heading, categoryId, userId: owner.user.id }))!;
const statusOf = async (id: number) => (await db().select({ s: ads.status }).from(ads).where(eq(ads.id, id)))[0]!.s;
const setStatus = (id: number, status: string, token?: string) =>
  call('PATCH', `/ads/${id}/status`, { token, json: { status } });
const moderate = (id: number, action: 'hold' | 'remove') =>
  db().transaction((tx) => applyAdTransition({ tx, id, actor: action === 'hold' ? 'system' : 'moderator', action }));

describe(`changeAdStatus and renewAd on ${driver}`, () => {
  it('lets the owner and an admin change the state; others get 403, anonymous 401', async () => {
    const ad = await newAd();
    expect((await setStatus(ad.id, 'sold')).status).toBe(401);
    const stranger = await setStatus(ad.id, 'sold', other.token);
    expect(stranger.status).toBe(403);
    expect(await statusOf(ad.id)).toBe('active');

    const reserved = await setStatus(ad.id, 'reserved', owner.token);
    expect(reserved.status).toBe(200);
    expect(reserved.data.adsData).toMatchObject({ id: ad.id, status: 'reserved' });
    expect(reserved.data.adsData.actions).toEqual(['unreserve', 'sell', 'pause']);
    const sold = await setStatus(ad.id, 'sold', admin.token);
    expect(sold.status).toBe(200);
    expect(await statusOf(ad.id)).toBe('sold');
    // Asking for the state it is in changes nothing and is not an error.
    expect((await setStatus(ad.id, 'sold', owner.token)).status).toBe(200);
  });

  it('answers 409 for a move the table does not have, leaving the ad as it was', async () => {
    const ad = await newAd('Pine chair');
    await setStatus(ad.id, 'sold', owner.token);
    const pause = await setStatus(ad.id, 'paused', owner.token);
    expect(pause.status).toBe(409);
    expect(pause.data.message).toBe('This ad is sold, so it cannot be made paused.');
    expect(await statusOf(ad.id)).toBe('sold');

    await moderate(ad.id, 'remove');
    for (const status of ['active', 'reserved', 'sold', 'paused']) {
      const res = await setStatus(ad.id, status, admin.token);
      expect(res.status, status).toBe(409);
    }
    expect(await statusOf(ad.id)).toBe('removed');
    expect((await setStatus(ad.id, 'removed', owner.token)).status).toBe(400);
    expect((await setStatus(ad.id, 'expired', owner.token)).status).toBe(400);
  });

  it('renews only expired ads or ads in their last days, for the owner or an admin', async () => {
    const ad = await newAd('Walnut desk');
    expect((await call('POST', `/ads/${ad.id}/renew`)).status).toBe(401);
    expect((await call('POST', `/ads/${ad.id}/renew`, { token: other.token })).status).toBe(403);
    const early = await call('POST', `/ads/${ad.id}/renew`, { token: owner.token });
    expect(early.status).toBe(409);
    expect(early.data.message).toBe('This ad can be renewed from 3 days before it expires.');

    await db()
      .update(ads)
      .set({ status: 'expired', expiresAt: new Date(Date.now() - DAY) })
      .where(eq(ads.id, ad.id));
    expect(
      (await call('GET', '/ads', { token: owner.token })).data.ads.find((a: { id: number }) => a.id === ad.id),
    ).toMatchObject({ status: 'expired', actions: ['renew'] });
    // Resuming is not a way back for an expired ad: renewing is.
    expect((await setStatus(ad.id, 'active', owner.token)).status).toBe(409);
    const renewed = await call('POST', `/ads/${ad.id}/renew`, { token: owner.token });
    expect(renewed.status).toBe(200);
    expect(renewed.data.adsData.status).toBe('active');
    expect(Math.round((new Date(renewed.data.adsData.expires_at).getTime() - Date.now()) / DAY)).toBe(30);

    // In its last days an ad on offer keeps its state and gets a new period.
    await setStatus(ad.id, 'reserved', owner.token);
    await db()
      .update(ads)
      .set({ expiresAt: new Date(Date.now() + 2 * DAY) })
      .where(eq(ads.id, ad.id));
    const byAdmin = await call('POST', `/ads/${ad.id}/renew`, { token: admin.token });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.data.adsData.status).toBe('reserved');
  });

  it('shows sold, paused and expired ads with their state, hides pending (404) and removed (410)', async () => {
    const sold = await newAd('Brass lamp');
    await setStatus(sold.id, 'sold', owner.token);
    const page = await call('GET', `/ads-by-slug/${sold.slug}`);
    expect(page.status).toBe(200);
    expect(page.data.adsData.status).toBe('sold');

    const held = await newAd('Velvet sofa');
    await moderate(held.id, 'hold');
    const review = await call('GET', `/ads-by-slug/${held.slug}`);
    expect(review.status).toBe(404);
    expect(review.data.message).toBe('This ad is being reviewed and is not shown for now.');

    const removed = await newAd('Fake watch');
    await moderate(removed.id, 'remove');
    expect((await call('GET', `/ads-by-slug/${removed.slug}`)).status).toBe(410);

    // Owners and admins still see them in their lists, with their state.
    const mine = (await call('GET', '/ads?page=1&limit=100', { token: owner.token })).data.ads;
    const byId = new Map(mine.map((a: { id: number; status: string }) => [a.id, a.status]));
    expect([byId.get(sold.id), byId.get(held.id), byId.get(removed.id)]).toEqual(['sold', 'pending', 'removed']);
    const all = (await call('GET', '/ads?page=1&limit=100', { token: admin.token })).data;
    expect(all.ads.some((a: { id: number }) => a.id === removed.id)).toBe(true);
    expect(all.total).toBe((await db().select({ id: ads.id }).from(ads)).length);

    // Public reads: none of them in the list, search or sitemap; the wishlist shows the state.
    const list = (await call('GET', '/all-ads?limit=100&category=stateful')).data.ads.map((a: { id: number }) => a.id);
    for (const id of [sold.id, held.id, removed.id]) expect(list).not.toContain(id);
    const sitemap = (await listSitemapAds({ page: 1 })).map((r) => r.slug);
    expect(sitemap).not.toContain(sold.slug);
    await call('POST', '/wishlist', { token: other.token, json: { ad_id: sold.id } });
    const wish = (await call('GET', '/wishlist', { token: other.token })).data.data;
    expect(wish.find((w: { ad_id: number }) => w.ad_id === sold.id).status).toBe('sold');
  });

  it('marks reserved ads in the public list and related ads, which keep them', async () => {
    const a = await newAd('Reserved rug');
    const b = await newAd('Plain rug');
    await setStatus(a.id, 'reserved', owner.token);
    const list = (await call('GET', '/all-ads?limit=100&search=rug')).data.ads;
    expect(list.find((x: { id: number }) => x.id === a.id).status).toBe('reserved');
    const related = (await call('GET', `/ads-by-slug/${b.slug}`)).data.releatedAds;
    expect(related.find((x: { id: number }) => x.id === a.id).status).toBe('reserved');
  });

  it('gives each plan its number of days: get-limit, the plan form, new ads', async () => {
    await db()
      .insert(membershipPlans)
      .values([
        { planName: 'Free', subscriptionType: 'NA', expiryDays: 30 },
        { planName: 'Platinum', subscriptionType: 'Yearly', expiryDays: 90 },
      ]);
    const platinum = await makeUser({ subscription: 'platinum' });
    expect((await call('GET', '/get-limit', { token: platinum.token })).data.expiryDays).toBe(90);
    expect((await call('GET', '/get-limit', { token: owner.token })).data.expiryDays).toBe(30);

    const plans = (await call('GET', '/memberships')).data.data;
    const free = plans.find((p: { plan_name: string }) => p.plan_name === 'Free');
    expect(free.expiry_days).toBe(30);
    const saved = await call('PUT', `/memberships/${free.id}`, {
      token: admin.token,
      json: { plan_name: 'Free', subscription_type: 'NA', expiry_days: 45 },
    });
    expect(saved.status).toBe(200);
    expect((await call('GET', '/get-limit', { token: owner.token })).data.expiryDays).toBe(45);
    const bad = await call('PUT', `/memberships/${free.id}`, {
      token: admin.token,
      json: { plan_name: 'Free', subscription_type: 'NA', expiry_days: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.data.message).toBe('Please enter a number of days from 1 to 3650.');
  });
});
