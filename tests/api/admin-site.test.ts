import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_PAGE_SLUGS } from '../../api/constants/page-addresses.ts';
import { db } from '../../api/db/client.ts';
import { adReports, ads, inboxMessages, pages, wishlistItems } from '../../api/db/schema/index.ts';
import { formatLegalDate, getLegalPage } from '../../api/services/pages/legal-page.ts';
import { getPublishedPage, listFooterPages, listPublishedPages } from '../../api/services/pages/published-pages.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

let admin: Awaited<ReturnType<typeof makeUser>>;
let seller: Awaited<ReturnType<typeof makeUser>>;
let other: Awaited<ReturnType<typeof makeUser>>;
let categoryId = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  await setupTestDb();
  admin = await makeUser({ role: 'admin', name: 'Ada Admin' });
  seller = await makeUser({ name: 'Sam Seller' });
  other = await makeUser({ name: 'Olive Other' });
  categoryId = (await insertCategory({ name: 'Bikes' })).id;
});

type TStats = {
  liveAds: number;
  newAdsThisWeek: number;
  users: number;
  moderation: { pendingAds: number; reportedAds: number; reportedConversations: number; total: number };
  unreadInbox: number;
  pendingPlanRequests: number;
  unreadMessages: number;
  adsPerDay: { date: string; count: number }[];
};

async function siteStats(): Promise<TStats> {
  const res = await call('GET', '/admin/dashboard-stats', { token: admin.token });
  expect(res.status).toBe(200);
  return res.data.stats;
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

describe(`dashboard figures on ${driver}`, () => {
  it('counts live ads, new ads, users, moderation and inbox waiting from the database', async () => {
    const before = await siteStats();
    const live = await insertAd({ heading: 'Road bike', categoryId, userId: seller.user.id });
    await insertAd({
      heading: 'Old bike',
      categoryId,
      userId: seller.user.id,
      createdAt: new Date(Date.now() - 10 * DAY),
    });
    const sold = await insertAd({ heading: 'Sold bike', categoryId, userId: other.user.id });
    await db().update(ads).set({ status: 'sold' }).where(eq(ads.id, sold.id));
    const held = await insertAd({ heading: 'Held bike', categoryId, userId: other.user.id });
    await db().update(ads).set({ status: 'pending', heldReason: 'new-account' }).where(eq(ads.id, held.id));
    await db().insert(adReports).values({ adId: live.id, reporterKey: 'ip:x', reason: 'spam' });
    await db().insert(inboxMessages).values({ name: 'V', email: 'v@example.com', message: 'Hi', source: 'contact' });
    await makeUser();

    const after = await siteStats();
    // Road bike and Old bike are live; Sold and Held are not.
    expect(after.liveAds - before.liveAds).toBe(2);
    // Road, Sold and Held were posted now; Old ten days ago.
    expect(after.newAdsThisWeek - before.newAdsThisWeek).toBe(3);
    expect(after.users - before.users).toBe(1);
    expect(after.moderation.pendingAds - before.moderation.pendingAds).toBe(1);
    expect(after.moderation.reportedAds - before.moderation.reportedAds).toBe(1);
    expect(after.moderation.total).toBe(
      after.moderation.pendingAds + after.moderation.reportedAds + after.moderation.reportedConversations,
    );
    expect(after.unreadInbox - before.unreadInbox).toBe(1);
  });

  it('gives thirty days of new ads, today last, with zero for days without ads', async () => {
    const stats = await siteStats();
    expect(stats.adsPerDay).toHaveLength(30);
    const today = utcDay(new Date());
    expect(stats.adsPerDay.at(-1)?.date).toBe(today);
    expect(stats.adsPerDay[0]?.date).toBe(utcDay(new Date(Date.now() - 29 * DAY)));
    const tenDaysAgo = utcDay(new Date(Date.now() - 10 * DAY));
    const byDay = new Map(stats.adsPerDay.map((d) => [d.date, d.count]));
    const rows = await db().select({ createdAt: ads.createdAt }).from(ads);
    const expected = (day: string) => rows.filter((r) => utcDay(r.createdAt) === day).length;
    expect(byDay.get(today)).toBe(expected(today));
    expect(byDay.get(tenDaysAgo)).toBe(expected(tenDaysAgo));
    expect(byDay.get(tenDaysAgo)).toBeGreaterThanOrEqual(1);
    // An ad 40 days old is outside the window.
    await insertAd({
      heading: 'Ancient bike',
      categoryId,
      userId: seller.user.id,
      createdAt: new Date(Date.now() - 40 * DAY),
    });
    const again = await siteStats();
    expect(again.adsPerDay.reduce((s, d) => s + d.count, 0)).toBe(stats.adsPerDay.reduce((s, d) => s + d.count, 0));
  });

  it('is for admins only; a customer gets their own figures instead', async () => {
    expect((await call('GET', '/admin/dashboard-stats', { token: seller.token })).status).toBe(403);
    expect((await call('GET', '/admin/dashboard-stats')).status).toBe(401);
    const someAd = await insertAd({ heading: 'Saved bike', categoryId, userId: other.user.id });
    await db().insert(wishlistItems).values({ userId: seller.user.id, adId: someAd.id });
    const mine = await call('GET', '/my-dashboard-stats', { token: seller.token });
    expect(mine.status).toBe(200);
    const own = await db().select().from(ads).where(eq(ads.userId, seller.user.id));
    expect(mine.data.stats).toEqual({
      liveAds: own.filter((a) => a.status === 'active').length,
      allAds: own.length,
      unreadMessages: 0,
      wishlist: 1,
    });
    expect((await call('GET', '/my-dashboard-stats')).status).toBe(401);
  });
});

describe(`the ad table's seller filter on ${driver}`, () => {
  it('narrows GET /api/ads to one seller and names each ad’s seller', async () => {
    const paged = await call('GET', `/ads?page=1&limit=100&seller=${seller.user.id}`, { token: admin.token });
    expect(paged.status).toBe(200);
    const own = await db().select({ id: ads.id }).from(ads).where(eq(ads.userId, seller.user.id));
    expect(paged.data.total).toBe(own.length);
    expect(paged.data.users.map((a: { id: number }) => a.id).sort()).toEqual(own.map((a) => a.id).sort());
    for (const ad of paged.data.users) {
      expect(ad).toMatchObject({ user_id: seller.user.id, seller_name: 'Sam Seller' });
      expect(typeof ad.created_at).toBe('string');
      expect(typeof ad.status).toBe('string');
    }
    // The whole-list form (no page) filters too, and keeps its legacy keys.
    const whole = await call('GET', `/ads?seller=${other.user.id}`, { token: admin.token });
    expect(whole.data.users.length).toBeGreaterThan(0);
    expect(whole.data.users.every((a: { seller_name: string }) => a.seller_name === 'Olive Other')).toBe(true);
    expect(whole.data.ads).toEqual(whole.data.users);
    // Without a seller every seller's ads are there.
    const all = await call('GET', '/ads?page=1&limit=100', { token: admin.token });
    expect(new Set(all.data.users.map((a: { seller_name: string }) => a.seller_name))).toEqual(
      new Set(['Sam Seller', 'Olive Other']),
    );
  });

  it('cannot widen a customer’s list, and refuses a seller that is not an id', async () => {
    const res = await call('GET', `/ads?page=1&limit=100&seller=${other.user.id}`, { token: seller.token });
    expect(res.data.total).toBe(0);
    const bad = await call('GET', '/ads?page=1&seller=abc', { token: admin.token });
    expect(bad.status).toBe(400);
    const message = 'seller must be a user id (a whole number of at least 1).';
    expect(bad.data).toMatchObject({ success: false, error: message, message });
    expect((await call('GET', '/ads?seller=', { token: admin.token })).status).toBe(200);
  });

  it('lists the sellers who have ads, by name, for the filter (admins only)', async () => {
    const res = await call('GET', '/admin/ad-sellers', { token: admin.token });
    expect(res.status).toBe(200);
    const counts = async (id: number) => (await db().select().from(ads).where(eq(ads.userId, id))).length;
    expect(res.data.sellers).toEqual([
      { id: other.user.id, name: 'Olive Other', email: other.user.email, ads: await counts(other.user.id) },
      { id: seller.user.id, name: 'Sam Seller', email: seller.user.email, ads: await counts(seller.user.id) },
    ]);
    expect((await call('GET', '/admin/ad-sellers', { token: seller.token })).status).toBe(403);
  });
});

const page = (over: Record<string, unknown> = {}) => ({
  name: 'Shipping & Returns',
  slug: '',
  template: 'default',
  seokeyword: 'shipping, returns',
  content: '<p>We ship <strong>fast</strong><script>alert(1)</script>.</p>',
  howwework: '',
  ...over,
});

describe(`published pages on ${driver}`, () => {
  it('publishes a created page at /<slug>, sanitised, in the sitemap list and (when asked) the footer', async () => {
    const res = await call('POST', '/pages', { token: admin.token, json: page({ showInFooter: true }) });
    expect(res.status).toBe(201);
    expect(res.data.data).toMatchObject({ slug: 'shipping-returns', showInFooter: true });
    expect(typeof res.data.data.updatedAt).toBe('string');
    const shown = await getPublishedPage({ slug: 'shipping-returns' });
    expect(shown?.content).toBe('<p>We ship <strong>fast</strong>.</p>');
    expect((await listPublishedPages()).map((p) => p.slug)).toContain('shipping-returns');
    expect(await listFooterPages()).toContainEqual({ label: 'Shipping & Returns', href: '/shipping-returns' });

    // An edit without the flag keeps it; with false it leaves the footer.
    const id = res.data.data.id;
    const kept = await call('PUT', `/pages/${id}`, { token: admin.token, json: page() });
    expect(kept.data.data.showInFooter).toBe(true);
    await call('PUT', `/pages/${id}`, { token: admin.token, json: page({ showInFooter: false }) });
    expect(await listFooterPages()).not.toContainEqual(expect.objectContaining({ href: '/shipping-returns' }));
    const list = await call('GET', '/get-all-pages', { token: admin.token });
    expect(list.data.data.find((p: { id: number }) => p.id === id)).toMatchObject({ showInFooter: false });

    await call('DELETE', `/pages/${id}`, { token: admin.token });
    expect(await getPublishedPage({ slug: 'shipping-returns' })).toBeNull();
  });

  it('refuses the site’s own addresses as slugs and does not publish fixed pages at the catch-all', async () => {
    for (const over of [
      { name: 'Admin' },
      { name: 'Sign in' },
      { name: 'Anything', slug: 'api' },
      { name: '_astro' },
    ]) {
      const res = await call('POST', '/pages', { token: admin.token, json: page(over) });
      expect(res.status).toBe(409);
      const message = 'This address is used by the site. Please choose a different name or slug.';
      expect(res.data).toEqual({ success: false, error: message, message });
    }
    expect(RESERVED_PAGE_SLUGS.has('wishlist')).toBe(true);
    const about = await call('POST', '/pages', {
      token: admin.token,
      json: page({ name: 'About Us', template: 'aboutus' }),
    });
    expect(about.status).toBe(201);
    expect(await getPublishedPage({ slug: 'about-us' })).toBeNull();
    expect((await listPublishedPages()).map((p) => p.slug)).not.toContain('about-us');
    expect(await getPublishedPage({ slug: 'no-such-page' })).toBeNull();
  });

  it('dates Terms by its page record, made on first view and moved by an admin’s save', async () => {
    const first = await getLegalPage('terms-of-service');
    const [row] = await db().select().from(pages).where(eq(pages.slug, 'terms-of-service'));
    expect(row?.name).toBe('Terms of Service');
    expect(first.updatedAt.getTime()).toBe(row?.updatedAt.getTime());
    expect(first.content).toBe('');
    // The built-in text's own date until an admin saves the page.
    expect(formatLegalDate(first.updatedAt)).toBe('December 2024');
    expect((await getLegalPage('terms-of-service')).updatedAt.getTime()).toBe(first.updatedAt.getTime());
    await db()
      .update(pages)
      .set({ updatedAt: new Date('2025-03-04T10:00:00Z') })
      .where(eq(pages.id, row!.id));
    expect((await getLegalPage('terms-of-service')).updatedAt.toISOString()).toBe('2025-03-04T10:00:00.000Z');
    const saved = await call('PUT', `/pages/${row!.id}`, {
      token: admin.token,
      json: page({ name: 'Terms of Service', content: '<p>Our own terms.</p>' }),
    });
    expect(saved.status).toBe(200);
    expect(saved.data.data.slug).toBe('terms-of-service');
    const after = await getLegalPage('terms-of-service');
    expect(after.updatedAt.getTime()).toBeGreaterThan(new Date('2025-03-04T10:00:00Z').getTime());
    expect(after.content).toBe('<p>Our own terms.</p>');
    expect(formatLegalDate(after.updatedAt)).toBe(formatLegalDate(new Date()));
  });
});
