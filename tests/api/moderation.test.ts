import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import {
  adReports,
  ads,
  auditLog,
  categories,
  conversationReports,
  conversations,
  siteSettings,
  users,
} from '../../api/db/schema/index.ts';
import { resetEnv } from '../../api/env.ts';
import { resetRateLimits } from '../../api/middleware/rate-limit.ts';
import { getModerationSettings } from '../../api/services/moderation/moderation-settings.ts';
import { adForm as sharedAdForm } from '../helpers/ad-form.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { mailsTo, readOutbox } from '../helpers/outbox.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// Reports, the moderation queue, moderators' decisions, bans, the banned-words list,
// pre-moderation and the audit log (docs/MODERATION.md), through the API.

let dataDir = '';
let category = { id: 0, slug: '' };
let owner: Awaited<ReturnType<typeof makeUser>>;
let admin: Awaited<ReturnType<typeof makeUser>>;
let ipCounter = 0;

const nextIp = () => `203.0.113.${(ipCounter++ % 250) + 1}`;
const report = (adId: number, options: { token?: string; ip?: string; json?: Record<string, unknown> } = {}) =>
  call('POST', '/reports', {
    token: options.token,
    headers: { 'x-forwarded-for': options.ip ?? nextIp() },
    json: { adId, reason: 'scam', details: 'Asks for payment by gift card.', ...options.json },
  });
/** A verified account made ten days ago: its reports count toward the automatic hold. */
async function trustedUser(name: string) {
  const made = await makeUser({ name });
  await db()
    .update(users)
    .set({ createdAt: new Date(Date.now() - 10 * 24 * 3600 * 1000) })
    .where(eq(users.id, made.user.id));
  return made;
}
const statusOf = async (id: number) => (await db().select().from(ads).where(eq(ads.id, id)))[0]!;
const publicIds = async () =>
  (await call('GET', `/all-ads?limit=100&category=${category.slug}`)).data.ads.map((a: { id: number }) => a.id);
/** The stored count equals the ads the public sees in the category. */
const expectExactCount = async () => {
  const [row] = await db().select({ n: categories.adCount }).from(categories).where(eq(categories.id, category.id));
  expect(row!.n).toBe((await publicIds()).length);
};
const setRules = async (rules: Partial<typeof siteSettings.$inferInsert>) => {
  const base = { reportThreshold: 3, bannedWords: '', premoderateFirstAds: 0, requireVerifiedToPost: false };
  const res = await call('PUT', '/moderation/settings', { token: admin.token, json: { ...base, ...rules } });
  expect(res.status, JSON.stringify(res.data)).toBe(200);
};

const adForm = (values: Record<string, string> = {}) => sharedAdForm(category.slug, values);

beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
  process.env.TRUST_PROXY = '1';
  resetEnv();
  const limits = { freenumberads: 100 };
  await db()
    .insert(siteSettings)
    .values({ id: 1, ...limits })
    .onConflictDoUpdate({ target: siteSettings.id, set: limits });
  const c = await insertCategory({ name: 'Moderated', slug: `moderated-${driver}` });
  category = { id: c!.id, slug: c!.slug };
  owner = await makeUser({ name: 'Olga Owner' });
  admin = await makeUser({ role: 'admin', name: 'Mona Moderator' });
});
afterAll(() => {
  delete process.env.TRUST_PROXY;
  resetEnv();
});
beforeEach(async () => {
  await resetRateLimits();
});

describe(`reports and moderation on ${driver}`, () => {
  it('takes reports from anyone once each, refuses the owner, and holds the ad at the threshold', async () => {
    const ad = (await insertAd({ heading: 'Too good to be true', categoryId: category.id, userId: owner.user.id }))!;
    await expectExactCount();
    expect(await publicIds()).toContain(ad.id);

    const ip = nextIp();
    const first = await report(ad.id, { ip });
    expect(first.status).toBe(201);
    expect(first.data.message).toBe('Thank you. Our team will look at this ad.');
    const again = await report(ad.id, { ip, json: { reason: 'spam' } });
    expect(again.status).toBe(409);
    expect(again.data.message).toBe('You have already reported this ad.');
    expect((await report(ad.id, { token: owner.token })).status).toBe(400);
    expect((await report(999_999)).status).toBe(404);
    const bad = await report(ad.id, { json: { reason: 'boring' } });
    expect(bad.status).toBe(400);
    expect(bad.data.message).toBe('Please choose a reason.');

    // A bot filling the hidden field is told it worked; nothing is stored.
    expect((await report(ad.id, { json: { website: 'http://spam.example' } })).status).toBe(201);
    expect(await db().select().from(adReports).where(eq(adReports.adId, ad.id))).toHaveLength(1);

    // Only verified accounts old enough count toward the hold: the visitor's report did not.
    const buyer = await trustedUser('Rita Reporter');
    expect((await report(ad.id, { token: buyer.token, json: { reason: 'prohibited', details: '' } })).status).toBe(201);
    expect(
      (await report(ad.id, { token: (await trustedUser('Tom Trusted')).token, json: { reason: 'other' } })).status,
    ).toBe(201);
    expect((await statusOf(ad.id)).status).toBe('active');
    expect(
      (await report(ad.id, { token: (await trustedUser('Uma Trusted')).token, json: { reason: 'other' } })).status,
    ).toBe(201);
    const held = await statusOf(ad.id);
    expect(held).toMatchObject({ status: 'pending', statusBeforePending: 'active', heldReason: 'reports' });
    expect(await publicIds()).not.toContain(ad.id);
    await expectExactCount();
    // Its page says it is under review (404), not that it never existed.
    const page = await call('GET', `/ads-by-slug/${ad.slug}`);
    expect(page.status).toBe(404);
    expect(page.data.message).toBe('This ad is being reviewed and is not shown for now.');

    // The queue shows it with its three reasons; only admins see the queue.
    expect((await call('GET', '/moderation')).status).toBe(401);
    expect((await call('GET', '/moderation', { token: owner.token })).status).toBe(403);
    const queue = await call('GET', '/moderation', { token: admin.token });
    expect(queue.status).toBe(200);
    const item = queue.data.pendingAds.find((a: { id: number }) => a.id === ad.id);
    expect(item).toMatchObject({ heldReason: 'reports', owner: { name: 'Olga Owner', banned: false } });
    expect(item.reports.map((r: { reason: string }) => r.reason)).toEqual(['scam', 'prohibited', 'other', 'other']);
    expect(item.reports.map((r: { reporter: string }) => r.reporter)).toEqual([
      'Visitor',
      'Rita Reporter',
      'Tom Trusted',
      'Uma Trusted',
    ]);

    // Approving brings it back as it was, closes the reports and is logged.
    const approved = await call('POST', `/moderation/ads/${ad.id}`, {
      token: admin.token,
      json: { action: 'approve' },
    });
    expect(approved.status).toBe(200);
    expect(approved.data).toMatchObject({ from: 'pending', to: 'active', message: 'Ad approved.' });
    expect(await publicIds()).toContain(ad.id);
    await expectExactCount();
    const after = await call('GET', '/moderation', { token: admin.token });
    expect(after.data.pendingAds.some((a: { id: number }) => a.id === ad.id)).toBe(false);
    expect(after.data.reportedAds.some((a: { id: number }) => a.id === ad.id)).toBe(false);
    expect(
      (await call('POST', `/moderation/ads/${ad.id}`, { token: admin.token, json: { action: 'approve' } })).status,
    ).toBe(409);
    const log = await call('GET', '/moderation/audit-log', { token: admin.token });
    expect(log.data.data[0]).toMatchObject({
      action: 'approve-ad',
      actor: { id: admin.user.id, name: 'Mona Moderator' },
      targetType: 'ad',
      targetId: ad.id,
      targetLabel: 'Too good to be true',
    });
    // A closed report frees its reporter to report again later.
    expect((await report(ad.id, { ip })).status).toBe(201);
  });

  it('removes an ad with a reason mailed to its owner; the page answers 410 and removed is final', async () => {
    const ad = (await insertAd({ heading: 'Replica watch', categoryId: category.id, userId: owner.user.id }))!;
    await report(ad.id);
    const noReason = await call('POST', `/moderation/ads/${ad.id}`, { token: admin.token, json: { action: 'remove' } });
    expect(noReason.status).toBe(400);
    expect(noReason.data.message).toBe('Please give the owner a reason for removing the ad.');
    const removed = await call('POST', `/moderation/ads/${ad.id}`, {
      token: admin.token,
      json: { action: 'remove', reason: 'Counterfeit goods are not allowed.' },
    });
    expect(removed.status).toBe(200);
    expect(removed.data).toMatchObject({ from: 'active', to: 'removed' });
    expect((await call('GET', `/ads-by-slug/${ad.slug}`)).status).toBe(410);
    expect(await publicIds()).not.toContain(ad.id);
    await expectExactCount();
    // The owner cannot bring it back, and nobody can report it any more.
    expect(
      (await call('PATCH', `/ads/${ad.id}/status`, { token: owner.token, json: { status: 'active' } })).status,
    ).toBe(409);
    expect((await report(ad.id)).status).toBe(409);
    const [mail] = mailsTo(await readOutbox(dataDir), owner.user.email).filter((m) => m.includes('Replica watch'));
    expect(mail).toMatch(/Subject: .*was_removed/);
    expect(mail).toContain('Our moderators removed your ad');
    expect(mail).toContain('Reason: Counterfeit goods are not allowed.');
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, ad.id), eq(auditLog.action, 'remove-ad')));
    expect(entry).toMatchObject({ actorId: admin.user.id, reason: 'Counterfeit goods are not allowed.' });
  });

  it('lists ads reported below the threshold, and dismissing their reports clears them', async () => {
    const ad = (await insertAd({ heading: 'Blue sofa', categoryId: category.id, userId: owner.user.id }))!;
    await report(ad.id, { json: { reason: 'wrong-category' } });
    const queue = await call('GET', '/moderation', { token: admin.token });
    expect(queue.data.reportedAds.find((a: { id: number }) => a.id === ad.id)).toMatchObject({ status: 'active' });
    expect(queue.data.counts.reportedAds).toBeGreaterThanOrEqual(1);
    const dismissed = await call('POST', `/moderation/ads/${ad.id}/dismiss`, {
      token: admin.token,
      json: { reason: 'Fine as it is' },
    });
    expect(dismissed.status).toBe(200);
    expect(dismissed.data.message).toBe('Reports dismissed.');
    expect((await call('POST', `/moderation/ads/${ad.id}/dismiss`, { token: admin.token, json: {} })).status).toBe(409);
    const after = await call('GET', '/moderation', { token: admin.token });
    expect(after.data.reportedAds.some((a: { id: number }) => a.id === ad.id)).toBe(false);
    expect((await statusOf(ad.id)).status).toBe('active');
  });

  it('dismissing the reports that held an ad returns it to where it was', async () => {
    const ad = (await insertAd({ heading: 'Red kettle', categoryId: category.id, userId: owner.user.id }))!;
    await call('PATCH', `/ads/${ad.id}/status`, { token: owner.token, json: { status: 'reserved' } });
    for (let i = 0; i < 3; i++)
      expect((await report(ad.id, { token: (await trustedUser(`Kettle critic ${i}`)).token })).status).toBe(201);
    expect((await statusOf(ad.id)).status).toBe('pending');
    expect((await call('POST', `/moderation/ads/${ad.id}/dismiss`, { token: admin.token, json: {} })).status).toBe(200);
    expect((await statusOf(ad.id)).status).toBe('reserved');
    await expectExactCount();
  });

  it('bans a user: login 403, their token 401, their ads hidden and counted out; unban restores all', async () => {
    const seller = await makeUser({ name: 'Sam Spammer' });
    const a = (await insertAd({ heading: 'Spam one', categoryId: category.id, userId: seller.user.id }))!;
    const b = (await insertAd({ heading: 'Spam two', categoryId: category.id, userId: seller.user.id }))!;
    await call('PATCH', `/ads/${b.id}/status`, { token: seller.token, json: { status: 'reserved' } });
    expect(await publicIds()).toEqual(expect.arrayContaining([a.id, b.id]));

    expect((await call('POST', `/users/${admin.user.id}/ban`, { token: admin.token, json: {} })).status).toBe(409);
    expect((await call('POST', `/users/${seller.user.id}/ban`, { token: owner.token, json: {} })).status).toBe(403);
    const banned = await call('POST', `/users/${seller.user.id}/ban`, { token: admin.token, json: { reason: 'Spam' } });
    expect(banned.status).toBe(200);
    expect((await call('POST', `/users/${seller.user.id}/ban`, { token: admin.token, json: {} })).status).toBe(409);

    expect((await call('GET', '/user/me', { token: seller.token })).status).toBe(401);
    const login = await call('POST', '/user/login', { json: { email: seller.user.email, password: seller.password } });
    expect(login.status).toBe(403);
    expect(login.data.message).toBe(
      'Your account has been suspended. Please contact us if you think this is a mistake.',
    );
    // Someone without the password learns nothing about the ban.
    expect(
      (await call('POST', '/user/login', { json: { email: seller.user.email, password: 'wrong-one' } })).status,
    ).toBe(401);
    const ids = await publicIds();
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(b.id);
    await expectExactCount();
    expect((await call('GET', `/ads-by-slug/${a.slug}`)).status).toBe(404);
    const [mail] = mailsTo(await readOutbox(dataDir), seller.user.email);
    expect(mail).toMatch(/Subject: Your account has been suspended/);
    expect(mail).toContain('your ads are no longer shown');

    const unbanned = await call('POST', `/users/${seller.user.id}/unban`, { token: admin.token, json: {} });
    expect(unbanned.status).toBe(200);
    expect((await call('POST', `/users/${seller.user.id}/unban`, { token: admin.token, json: {} })).status).toBe(409);
    expect(await publicIds()).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await statusOf(b.id)).status).toBe('reserved');
    await expectExactCount();
    expect(
      (await call('POST', '/user/login', { json: { email: seller.user.email, password: seller.password } })).status,
    ).toBe(200);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.targetId, seller.user.id))).map(
      (r) => r.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['ban-user', 'unban-user']));
  });

  it('sends an ad with a banned word to review, on posting and on editing', async () => {
    await setRules({ bannedWords: 'replica\ngift card, wire transfer' });
    expect((await getModerationSettings()).words).toEqual(['replica', 'gift card', 'wire transfer']);
    const poster = await makeUser({ name: 'Paul Poster' });
    const clean = await call('POST', '/ads/add', { token: poster.token, form: adForm({ heading: 'Classic bicycle' }) });
    expect(clean.status).toBe(201);
    expect(clean.data.adsData.status).toBe('active');
    const word = await call('POST', '/ads/add', {
      token: poster.token,
      form: adForm({ heading: 'Designer bag', description: '<p>Pay by <b>Gift  Card</b> only</p>' }),
    });
    expect(word.status).toBe(201);
    expect((await statusOf(word.data.adsData.id)).heldReason).toBe('banned-words');
    expect(await publicIds()).not.toContain(word.data.adsData.id);
    // Part of a longer word is not a match.
    const near = await call('POST', '/ads/add', {
      token: poster.token,
      form: adForm({ heading: 'Replicas of nothing' }),
    });
    expect((await statusOf(near.data.adsData.id)).status).toBe('active');

    const edited = await call('POST', '/ads/update', {
      token: poster.token,
      form: adForm({
        id: String(clean.data.adsData.id),
        heading: 'Classic bicycle',
        description: '<p>Replica frame</p>',
      }),
    });
    expect(edited.status, JSON.stringify(edited.data)).toBe(200);
    expect(await statusOf(clean.data.adsData.id)).toMatchObject({ status: 'pending', heldReason: 'banned-words' });
    const queue = await call('GET', '/moderation', { token: admin.token });
    expect(queue.data.pendingAds.find((a: { id: number }) => a.id === clean.data.adsData.id)).toMatchObject({
      heldReason: 'banned-words',
      reports: [],
    });
    await expectExactCount();
    await setRules({});
  });

  it('pre-moderates a new account’s first ads and can require a verified address to post', async () => {
    await setRules({ premoderateFirstAds: 1 });
    const newcomer = await makeUser({ name: 'Nina New' });
    const first = await call('POST', '/ads/add', { token: newcomer.token, form: adForm({ heading: 'First ad' }) });
    expect(first.status).toBe(201);
    expect(await statusOf(first.data.adsData.id)).toMatchObject({ status: 'pending', heldReason: 'new-account' });
    const second = await call('POST', '/ads/add', { token: newcomer.token, form: adForm({ heading: 'Second ad' }) });
    expect((await statusOf(second.data.adsData.id)).status).toBe('active');
    const approved = await call('POST', `/moderation/ads/${first.data.adsData.id}`, {
      token: admin.token,
      json: { action: 'approve' },
    });
    expect(approved.data.to).toBe('active');

    await setRules({ requireVerifiedToPost: true });
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, newcomer.user.id));
    const refused = await call('POST', '/ads/add', { token: newcomer.token, form: adForm({ heading: 'Third ad' }) });
    expect(refused.status).toBe(403);
    expect(refused.data.message).toBe('Please verify your email address before posting an ad. We sent you a link.');
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, newcomer.user.id));
    expect(
      (await call('POST', '/ads/add', { token: newcomer.token, form: adForm({ heading: 'Third ad' }) })).status,
    ).toBe(201);
    await setRules({});
    const bad = await call('PUT', '/moderation/settings', {
      token: admin.token,
      json: { reportThreshold: 0, bannedWords: '', premoderateFirstAds: 0, requireVerifiedToPost: false },
    });
    expect(bad.status).toBe(400);
    expect(bad.data.message).toBe('At least one report is needed to hold an ad.');
  });

  it('shows reported conversations with their reasons and dismisses them', async () => {
    const buyer = await makeUser({ name: 'Bea Buyer' });
    const ad = (await insertAd({ heading: 'Vintage lamp', categoryId: category.id, userId: owner.user.id }))!;
    const started = await call('POST', '/conversations', {
      token: buyer.token,
      json: { adId: ad.id, text: 'Still there?' },
    });
    expect(started.status, JSON.stringify(started.data)).toBe(201);
    const id = started.data.conversation.id;
    expect(
      (await call('POST', `/conversations/${id}/report`, { token: owner.token, json: { reason: 'Rude messages' } }))
        .status,
    ).toBe(201);
    const queue = await call('GET', '/moderation', { token: admin.token });
    expect(queue.data.reportedConversations.find((c: { id: number }) => c.id === id)).toMatchObject({
      adHeading: 'Vintage lamp',
      buyer: { id: buyer.user.id, name: 'Bea Buyer', banned: false },
      seller: { id: owner.user.id, name: 'Olga Owner' },
      reports: [{ reason: 'Rude messages', reporter: 'Olga Owner' }],
    });
    expect(
      (await call('POST', `/moderation/conversations/${id}/dismiss`, { token: admin.token, json: {} })).status,
    ).toBe(200);
    const [row] = await db().select().from(conversationReports).where(eq(conversationReports.conversationId, id));
    expect(row!.resolvedAt).not.toBeNull();
    expect(
      (await call('POST', `/moderation/conversations/${id}/dismiss`, { token: admin.token, json: {} })).status,
    ).toBe(409);
    expect(await db().select().from(conversations).where(eq(conversations.id, id))).toHaveLength(1);
  });

  it.runIf(driver === 'postgres')('counts reports arriving together once each and holds the ad once', async () => {
    const ad = (await insertAd({ heading: 'Crowded ad', categoryId: category.id, userId: owner.user.id }))!;
    const reporters = await Promise.all(Array.from({ length: 8 }, (_, i) => trustedUser(`Crowd ${i}`)));
    const answers = await Promise.all(reporters.map((r) => report(ad.id, { token: r.token })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect((await statusOf(ad.id)).status).toBe('pending');
    const open = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(adReports)
      .where(inArray(adReports.adId, [ad.id]));
    expect(open[0]!.n).toBe(8);
    await expectExactCount();
  });
});
