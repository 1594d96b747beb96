import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../api/db/client.ts';
import { ads, categories, membershipPlans } from '../../api/db/schema/index.ts';
import { runQueuedJobs } from '../../api/jobs/workers.ts';
import { runAdExpiry } from '../../api/services/ads/run-ad-expiry.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// Expiry and its reminder under a clock the test sets (runAdExpiry's `now`). The public
// lists compare with the database's own clock, so ads are placed around the real time.

const DAY = 24 * 3600 * 1000;
let dataDir = '';
let categoryId = 0;
let seller: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
  categoryId = (await insertCategory({ name: 'Expiring things', slug: 'expiring' }))!.id;
  seller = await makeUser({ name: 'Eve Expiry', subscription: 'gold' });
  await db().insert(membershipPlans).values({ planName: 'Gold', subscriptionType: 'Monthly', expiryDays: 60 });
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

/** The reminder mails to the seller in the outbox (after running the queued jobs). */
async function reminders(): Promise<string[]> {
  await runQueuedJobs();
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
    .filter((m) => m.includes(seller.user.email) && m.includes('/renew/'));
}

const inList = async (id: number) =>
  (await call('GET', '/all-ads?limit=100&category=expiring')).data.ads.some((a: { id: number }) => a.id === id);

const countOf = async () =>
  (await db().select({ n: categories.adCount }).from(categories).where(eq(categories.id, categoryId)))[0]!.n;

async function adExpiringIn(ms: number, heading: string) {
  const ad = (await insertAd({ heading, categoryId, userId: seller.user.id }))!;
  await db()
    .update(ads)
    .set({ expiresAt: new Date(Date.now() + ms) })
    .where(eq(ads.id, ad.id));
  return ad;
}

describe(`ad expiry and reminders on ${driver}`, () => {
  it('reminds once, 3 days before; the link renews once; expiry hides the ad until renewed', async () => {
    const ad = await adExpiringIn(10 * DAY, 'Camping tent');
    const expiresAt = new Date(Date.now() + 10 * DAY);
    const before = await reminders();

    // A week before: too early for a reminder.
    expect((await runAdExpiry({ now: new Date(expiresAt.getTime() - 7 * DAY) })).reminded).toBe(0);
    // Two days before: one reminder, with a one-click link; a second run sends none.
    const twoDaysBefore = new Date(expiresAt.getTime() - 2 * DAY);
    expect(await runAdExpiry({ now: twoDaysBefore })).toMatchObject({ reminded: 1, expired: 0 });
    expect(await runAdExpiry({ now: new Date(twoDaysBefore.getTime() + 3600_000) })).toMatchObject({ reminded: 0 });
    const mails = (await reminders()).filter((m) => !before.includes(m));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Camping tent');
    const token = /\/renew\/([a-z0-9]+)/.exec(mails[0]!)![1]!;

    // Past its time the job expires it: gone from the list and from the category count.
    expect(await inList(ad.id)).toBe(true);
    const count = await countOf();
    expect(await runAdExpiry({ now: new Date(expiresAt.getTime() + 60_000) })).toMatchObject({ expired: 1 });
    expect(await inList(ad.id)).toBe(false);
    expect(await countOf()).toBe(count - 1);
    const page = await call('GET', `/ads-by-slug/${ad.slug}`);
    expect(page.status).toBe(200);
    expect(page.data.adsData.status).toBe('expired');

    // The mailed link renews it without signing in, for the owner's plan (Gold: 60 days)…
    const renewed = await call('POST', '/renew-ad', { json: { token } });
    expect(renewed.status).toBe(200);
    expect(renewed.data.ad).toMatchObject({ id: ad.id, status: 'active' });
    const days = (new Date(renewed.data.ad.expires_at).getTime() - Date.now()) / DAY;
    expect(Math.round(days)).toBe(60);
    expect(await inList(ad.id)).toBe(true);
    expect(await countOf()).toBe(count);
    // …once.
    const again = await call('POST', '/renew-ad', { json: { token } });
    expect(again.status).toBe(404);
    expect(again.data.message).toContain('already been used');

    // The new period gets its own reminder.
    const [row] = await db().select().from(ads).where(eq(ads.id, ad.id));
    expect(row!.expiryRemindedAt).toBeNull();
    expect(await runAdExpiry({ now: new Date(row!.expiresAt.getTime() - DAY) })).toMatchObject({ reminded: 1 });
  });

  it('drops an ad from search the moment its time is up, before the job runs', async () => {
    const ad = await adExpiringIn(-60_000, 'Old bicycle');
    expect(await inList(ad.id)).toBe(false);
    expect((await call('GET', '/all-ads?limit=100&search=bicycle')).data.total).toBe(0);
    const page = await call('GET', `/ads-by-slug/${ad.slug}`);
    expect(page.data.adsData.status).toBe('expired');
    // The job then makes its state and the count agree.
    const count = await countOf();
    expect((await runAdExpiry()).expired).toBeGreaterThanOrEqual(1);
    expect(await countOf()).toBe(count - 1);
    expect((await db().select({ s: ads.status }).from(ads).where(eq(ads.id, ad.id)))[0]!.s).toBe('expired');
  });

  it('expires paused ads too, never sold ones, and the renew link does nothing for a sold ad', async () => {
    const paused = await adExpiringIn(2 * DAY, 'Paused kayak');
    const sold = await adExpiringIn(2 * DAY, 'Sold canoe');
    await call('PATCH', `/ads/${paused.id}/status`, { token: seller.token, json: { status: 'paused' } });
    await call('PATCH', `/ads/${sold.id}/status`, { token: seller.token, json: { status: 'sold' } });
    const before = await reminders();
    await runAdExpiry();
    const mails = (await reminders()).filter((m) => !before.includes(m));
    expect(mails.some((m) => m.includes('Paused kayak'))).toBe(true);
    expect(mails.some((m) => m.includes('Sold canoe'))).toBe(false);

    await runAdExpiry({ now: new Date(Date.now() + 3 * DAY) });
    const states = await db().select({ id: ads.id, s: ads.status }).from(ads);
    expect(states.find((r) => r.id === paused.id)!.s).toBe('expired');
    expect(states.find((r) => r.id === sold.id)!.s).toBe('sold');

    // A reminded ad that is sold meanwhile cannot be renewed through its link.
    const ad = await adExpiringIn(DAY, 'Snowboard');
    const seen = await reminders();
    await runAdExpiry();
    const mail = (await reminders()).find((m) => !seen.includes(m) && m.includes('Snowboard'))!;
    const token = /\/renew\/([a-z0-9]+)/.exec(mail)![1]!;
    await call('PATCH', `/ads/${ad.id}/status`, { token: seller.token, json: { status: 'sold' } });
    const res = await call('POST', '/renew-ad', { json: { token } });
    expect(res.status).toBe(409);
    expect((await db().select({ s: ads.status }).from(ads).where(eq(ads.id, ad.id)))[0]!.s).toBe('sold');
  });

  it('refuses unknown and malformed renew links', async () => {
    expect((await call('POST', '/renew-ad', { json: { token: 'abcdefghijklmnopqrstuvwxyz234567' } })).status).toBe(404);
    expect((await call('POST', '/renew-ad', { json: { token: '../../etc' } })).status).toBe(400);
    expect((await call('POST', '/renew-ad', { json: {} })).status).toBe(400);
  });
});
