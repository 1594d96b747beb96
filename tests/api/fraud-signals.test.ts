import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { ads, auditLog, fraudFlags, siteSettings, users } from '../../api/db/schema/index.ts';
import { JOB_SCHEMA } from '../../api/jobs/queue.ts';
import { runQueuedJobs } from '../../api/jobs/workers.ts';
import { adForm } from '../helpers/ad-form.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// Fraud signals (docs/MODERATION.md, Fraud signals): the check job after posting and editing,
// each signal, the score that holds, and dismissed matches that never come back.

type TUser = Awaited<ReturnType<typeof makeUser>>;
let admin: TUser;
const photo = (name: string) =>
  new File([fs.readFileSync(path.resolve('tests/fixtures/photos', name))], name, {
    type: name.endsWith('.png') ? 'image/png' : name.endsWith('.webp') ? 'image/webp' : 'image/jpeg',
  });

async function newCategory(name: string) {
  const c = (await insertCategory({ name: `${name} ${driver}` }))!;
  return { id: c.id, slug: c.slug };
}

/** An account made ten days ago, so it is not a new account posting many ads. */
async function oldUser(name: string) {
  const made = await makeUser({ name });
  await db()
    .update(users)
    .set({ createdAt: new Date(Date.now() - 10 * 24 * 3600_000) })
    .where(eq(users.id, made.user.id));
  return made;
}

const form = (category: { slug: string }, values: Record<string, string>, image?: string) =>
  adForm(category.slug, values, image ? [{ name: 'image', file: photo(image) }] : []);

/** Posts an ad through the API, then runs its fraud check. */
async function post(user: TUser, category: { slug: string }, values: Record<string, string>, image?: string) {
  const res = await call('POST', '/ads/add', { token: user.token, form: form(category, values, image) });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  await runQueuedJobs(['fraud-check']);
  return res.data.adsData.id as number;
}

const flagsOf = (adId: number) =>
  db()
    .select({
      id: fraudFlags.id,
      signal: fraudFlags.signal,
      reason: fraudFlags.reason,
      matched: fraudFlags.matchedAdId,
    })
    .from(fraudFlags)
    .where(and(eq(fraudFlags.adId, adId), sql`${fraudFlags.dismissedAt} IS NULL`))
    .orderBy(fraudFlags.id);
const stateOf = async (id: number) =>
  (await db().select({ status: ads.status, heldReason: ads.heldReason }).from(ads).where(eq(ads.id, id)))[0]!;
const queue = async () => (await call('GET', '/moderation', { token: admin.token })).data;
const setRules = async (rules: Record<string, unknown>) => {
  const base = { reportThreshold: 3, bannedWords: '', premoderateFirstAds: 0, requireVerifiedToPost: false };
  const res = await call('PUT', '/moderation/settings', { token: admin.token, json: { ...base, ...rules } });
  expect(res.status, JSON.stringify(res.data)).toBe(200);
  return res.data.data;
};

beforeAll(async () => {
  await setupTestDb();
  const limits = { freenumberads: 100, freenumberphotoAds: 6 };
  await db()
    .insert(siteSettings)
    .values({ id: 1, ...limits })
    .onConflictDoUpdate({ target: siteSettings.id, set: limits });
  admin = await makeUser({ role: 'admin', name: 'Mona Moderator' });
});

describe(`fraud signals on ${driver}`, () => {
  it('queues the check with the ad and flags the same photo, re-encoded or cropped, from another account', async () => {
    const bikes = await newCategory('Bikes');
    const owner = await oldUser('Ola Original');
    const original = await post(owner, bikes, { heading: 'Red racing bike' }, 'original.jpg');
    expect(await flagsOf(original)).toEqual([]);

    // The check is a job queued by the posting transaction: it waits until the worker runs it.
    const copier = await oldUser('Carl Copier');
    const res = await call('POST', '/ads/add', {
      token: copier.token,
      form: form(bikes, { heading: 'Bike for sale' }, 'reencoded-q35.jpg'),
    });
    const copy = res.data.adsData.id as number;
    const waiting = (await db().execute(
      sql.raw(`SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = 'fraud-check' AND state = 'created'`),
    )) as unknown as { n: number }[] | { rows: { n: number }[] };
    expect(Number((Array.isArray(waiting) ? waiting : waiting.rows)[0]!.n)).toBe(1);
    expect((await stateOf(copy)).status).toBe('active');
    await runQueuedJobs(['fraud-check']);

    expect(await flagsOf(copy)).toMatchObject([
      { signal: 'same-photo', matched: original, reason: `Same photo as ad ${original} by another account` },
    ]);
    // The photo alone reaches the default hold score: held before buyers see it.
    expect(await stateOf(copy)).toEqual({ status: 'pending', heldReason: 'fraud-signals' });
    const all = await call('GET', `/all-ads?limit=100&category=${bikes.slug}`);
    expect(all.data.ads.map((a: { id: number }) => a.id)).toEqual([original]);

    for (const variant of ['reencoded.webp', 'reencoded.png', 'cropped.jpg']) {
      const other = await oldUser(`Copier of ${variant}`);
      const id = await post(other, bikes, { heading: `Bike ${variant}` }, variant);
      // The original, and the earlier copies by other accounts.
      const flags = await flagsOf(id);
      expect(
        flags.map((f) => f.matched),
        variant,
      ).toContain(original);
      expect(new Set(flags.map((f) => f.signal)), variant).toEqual(new Set(['same-photo']));
    }
    // A different photo, and the owner's own photo again, are no match.
    const honest = await post(await oldUser('Hanna Honest'), bikes, { heading: 'Blue chair' }, 'different.jpg');
    expect(await flagsOf(honest)).toEqual([]);
    const again = await post(owner, bikes, { heading: 'Red racing bike, again' }, 'original.jpg');
    expect(await flagsOf(again)).toEqual([]);

    // The moderator sees the reason with both ads side by side.
    const item = (await queue()).pendingAds.find((a: { id: number }) => a.id === copy);
    expect(item).toMatchObject({ heldReason: 'fraud-signals', owner: { name: 'Carl Copier' } });
    expect(item.fraudFlags[0]).toMatchObject({
      signal: 'same-photo',
      reason: `Same photo as ad ${original} by another account`,
      match: { id: original, heading: 'Red racing bike', owner: { name: 'Ola Original', banned: false } },
    });
    expect(item.fraudFlags[0].match.image).toMatch(/\.webp$/);
  });

  it('remembers a dismissed match: the ad goes back, and neither ad is flagged for the other again', async () => {
    const cameras = await newCategory('Cameras');
    const first = await post(await oldUser('Fiona First'), cameras, { heading: 'Camera' }, 'second.jpg');
    const seller = await oldUser('Sam Second');
    const second = await post(seller, cameras, { heading: 'Same camera model' }, 'second-cropped.jpg');
    const flags = await flagsOf(second);
    expect(flags).toMatchObject([{ signal: 'same-photo', matched: first }]);
    expect(await stateOf(second)).toEqual({ status: 'pending', heldReason: 'fraud-signals' });
    expect(await stateOf(second)).toEqual({ status: 'pending', heldReason: 'fraud-signals' });

    const customer = await makeUser();
    const dismiss = (id: number, token = admin.token) =>
      call('POST', `/moderation/fraud-flags/${id}/dismiss`, { token, json: { reason: 'The maker’s photo' } });
    expect((await dismiss(flags[0]!.id, customer.token)).status).toBe(403);
    const res = await dismiss(flags[0]!.id);
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data.message).toBe('Flag dismissed. This match will not be raised again.');
    // Held only by that match: back where it was.
    expect(await stateOf(second)).toEqual({ status: 'active', heldReason: null });
    expect((await dismiss(flags[0]!.id)).status).toBe(409);
    const missing = await dismiss(999999);
    expect(missing.status).toBe(404);
    expect(missing.data).toMatchObject({ success: false, message: 'This flag does not exist.' });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dismiss-fraud-flag'), eq(auditLog.targetId, second)));
    expect(entry).toMatchObject({ actorName: 'Mona Moderator', targetType: 'ad', targetLabel: 'Same camera model' });
    expect(entry!.reason).toContain('The maker’s photo');

    // The seller edits the ad: checked again, the dismissed pair is not raised.
    const edited = await call('POST', '/ads/update', {
      token: seller.token,
      form: form(cameras, { id: String(second), heading: 'Same camera model, lens included' }),
    });
    expect(edited.status, JSON.stringify(edited.data)).toBe(200);
    expect(await runQueuedJobs(['fraud-check'])).toEqual({ ran: 1, failed: 0 });
    expect(await flagsOf(second)).toEqual([]);
    expect((await stateOf(second)).status).toBe('active');
    // A third account with the same photo is still caught.
    const third = await post(await oldUser('Tom Third'), cameras, { heading: 'Camera body' }, 'second.jpg');
    expect((await flagsOf(third)).map((f) => f.matched)).toEqual([first, second]);
  });

  it('flags the same text under another account, below the hold score: listed, still public', async () => {
    const phones = await newCategory('Phones');
    const text =
      '<p>Selling my phone because I got a new one for my birthday. Always kept in a case, screen has no scratches, battery health 91 percent. Charger and original box included.</p>';
    const original = await post(await oldUser('Tina Text'), phones, { heading: 'Phone 12, 128 GB', description: text });
    const copy = await post(await oldUser('Cory Copy'), phones, {
      heading: 'Phone 12 128GB',
      description: text.replace('91 percent', '90 percent'),
    });
    expect(await flagsOf(copy)).toMatchObject([
      { signal: 'same-text', matched: original, reason: `Same text as ad ${original} by another account` },
    ]);
    expect((await stateOf(copy)).status).toBe('active');
    const q = await queue();
    expect(q.counts.flaggedAds).toBeGreaterThanOrEqual(1);
    expect(q.flaggedAds.find((a: { id: number }) => a.id === copy).fraudFlags[0].match).toMatchObject({
      id: original,
      owner: { name: 'Tina Text' },
    });
    // A different text is no match.
    const other = await post(await oldUser('Otto Other'), phones, {
      heading: 'Phone 11, 64 GB',
      description:
        '<p>Works well, small dent on the corner, sold as is. Pick up in the city centre on weekdays only.</p>',
    });
    expect(await flagsOf(other)).toEqual([]);
  });

  it('flags a price far below its category’s median, given enough comparable ads', async () => {
    const cars = await newCategory('Cars');
    const dealer = await oldUser('Dora Dealer');
    for (const price of [9000, 10000, 11000, 12000])
      await insertAd({ heading: `Car ${price}`, categoryId: cars.id, userId: dealer.user.id, price });
    const seller = await oldUser('Bargain Bob');
    // Four comparable ads are not enough to call anything far below.
    expect(await flagsOf(await post(seller, cars, { heading: 'Cheap car', price: '900' }))).toEqual([]);
    await insertAd({ heading: 'Car 10500', categoryId: cars.id, userId: dealer.user.id, price: 10500 });
    const cheap = await post(seller, cars, { heading: 'Very cheap car', price: '2000' });
    expect(await flagsOf(cheap)).toMatchObject([
      { signal: 'low-price', matched: null, reason: 'Price far below similar ads (median $10,500)' },
    ]);
    expect(await flagsOf(await post(seller, cars, { heading: 'Fair car', price: '8000' }))).toEqual([]);
    expect(await flagsOf(await post(seller, cars, { heading: 'Free car', price: '0' }))).toEqual([]);
  });

  it('flags scam phrases from the list the moderators edit', async () => {
    const misc = await newCategory('Misc');
    const seller = await oldUser('Penny Phrase');
    const rules = (await call('GET', '/moderation/settings', { token: admin.token })).data.data;
    expect(rules).toMatchObject({ scamPhrases: 'shipping agent\ngift card\nwestern union', fraudHoldScore: 60 });
    const ad = await post(seller, misc, { heading: 'Sofa', description: '<p>Pay by <b>Gift  Card</b> only.</p>' });
    expect(await flagsOf(ad)).toMatchObject([{ signal: 'scam-phrase', reason: 'Scam phrase: gift card' }]);
    expect((await stateOf(ad)).status).toBe('active');

    await setRules({ scamPhrases: 'gift card\nbank transfer only' });
    const two = await post(seller, misc, {
      heading: 'Lamp',
      description: '<p>Gift card or bank transfer only, my shipping agent collects.</p>',
    });
    expect((await flagsOf(two)).map((f) => f.reason)).toEqual([
      'Scam phrase: gift card',
      'Scam phrase: bank transfer only',
    ]);
    // Giftcards, one word, is not the phrase.
    expect(await flagsOf(await post(seller, misc, { heading: 'Giftcards holder' }))).toEqual([]);
    await setRules({ scamPhrases: 'shipping agent\ngift card\nwestern union' });
  });

  it('flags a new account posting many ads at once, not an old one', async () => {
    const tools = await newCategory('Tools');
    const fresh = await makeUser({ name: 'Nina New' });
    const posted: number[] = [];
    for (let i = 1; i <= 5; i++) posted.push(await post(fresh, tools, { heading: `Drill ${i}` }));
    for (const id of posted.slice(0, 4)) expect(await flagsOf(id)).toEqual([]);
    expect(await flagsOf(posted[4]!)).toMatchObject([
      { signal: 'posting-burst', reason: 'New account posting many ads' },
    ]);
    const old = await oldUser('Oscar Old');
    for (let i = 1; i <= 5; i++) expect(await flagsOf(await post(old, tools, { heading: `Saw ${i}` }))).toEqual([]);
  });

  it('holds by the configured score: weights per signal, and 0 never holds', async () => {
    const toys = await newCategory('Toys');
    await setRules({ fraudHoldScore: 40 });
    const held = await post(await oldUser('Wes Western'), toys, {
      heading: 'Robot',
      description: '<p>Western Union.</p>',
    });
    expect(await stateOf(held)).toEqual({ status: 'pending', heldReason: 'fraud-signals' });

    await setRules({ fraudHoldScore: 60, fraudWeights: { ...weights(), 'same-photo': 10 } });
    await post(await oldUser('Ann Author'), toys, { heading: 'Toy car' }, 'original.jpg');
    const light = await post(await oldUser('Len Light'), toys, { heading: 'Toy car too' }, 'reencoded.png');
    expect((await flagsOf(light))[0]).toMatchObject({ signal: 'same-photo' });
    expect((await stateOf(light)).status).toBe('active');

    await setRules({ fraudHoldScore: 0, fraudWeights: weights() });
    const never = await post(await oldUser('Zed Zero'), toys, { heading: 'Toy truck' }, 'reencoded-q35.jpg');
    expect((await stateOf(never)).status).toBe('active');
    await setRules({ fraudHoldScore: 60 });

    // Approving a held ad deals with its flags: the owner's next edit does not hold it again.
    expect(
      (await call('POST', `/moderation/ads/${held}`, { token: admin.token, json: { action: 'approve' } })).status,
    ).toBe(200);
    expect(await flagsOf(held)).toEqual([]);
    const refused = await call('POST', '/moderation/settings'.replace('settings', `ads/${held}`), {
      token: admin.token,
      json: { action: 'approve' },
    });
    expect(refused.status).toBe(409);
  });
});

const weights = () => ({ 'same-photo': 60, 'same-text': 40, 'low-price': 30, 'scam-phrase': 40, 'posting-burst': 30 });
