import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_SAVED_SEARCHES } from '../../api/constants/saved-searches.ts';
import { db } from '../../api/db/client.ts';
import { ads, savedSearches, savedSearchMatches, users } from '../../api/db/schema/index.ts';
import { enqueue } from '../../api/jobs/queue.ts';
import { runQueuedJobs } from '../../api/jobs/workers.ts';
import { requestSavedSearchMatching } from '../../api/services/saved-searches/queue-matching.ts';
import { listAds } from '../../api/services/search/list-ads.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { decodeMail } from '../helpers/outbox.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

type TUser = Awaited<ReturnType<typeof makeUser>>;
type TCategory = Awaited<ReturnType<typeof insertCategory>>;
let dataDir = '';
let furniture: TCategory;
let phones: TCategory;
let seller: TUser;

beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
  furniture = await insertCategory({ name: 'Furniture' });
  phones = await insertCategory({ name: 'Mobile Phones' });
  seller = await makeUser({ name: 'Sally Seller' });
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

let seen = new Set<string>();
beforeEach(() => {
  const dir = path.join(dataDir, 'outbox');
  seen = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
});

/** Runs every due job, then the mails written since the test began, to `to` if given. */
async function newMails(to?: string): Promise<string[]> {
  await runQueuedJobs();
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const mails = fs
    .readdirSync(dir)
    .filter((f) => !seen.has(f))
    .map((f) => decodeMail(fs.readFileSync(path.join(dir, f), 'utf8')));
  return to ? mails.filter((m) => m.includes(`To: ${to}`)) : mails;
}

/** What the ad list itself would add to the matching job: an ad, then a run request. */
async function postAd(values: { heading: string; categoryId: number; price: number; userId?: number }) {
  const ad = await insertAd({ userId: seller.user.id, ...values });
  await requestSavedSearchMatching();
  return ad;
}

const save = (token: string | undefined, json: Record<string, unknown>) =>
  call('POST', '/saved-searches', { token, json });

describe(`saved searches on ${driver}`, () => {
  it('needs a signed-in user for every call but the unsubscribe link', async () => {
    for (const [method, p] of [
      ['POST', '/saved-searches'],
      ['GET', '/saved-searches'],
      ['PATCH', '/saved-searches/1'],
      ['DELETE', '/saved-searches/1'],
      ['POST', '/saved-searches/1/view'],
    ]) {
      const json = method === 'POST' || method === 'PATCH' ? { frequency: 'instant' } : undefined;
      const res = await call(method, p, { json });
      expect(res.status, `${method} ${p}`).toBe(401);
    }
  });

  it('saves the filters with a readable default name and answers 201', async () => {
    const { token } = await makeUser();
    const res = await save(token, {
      search: 'sofa',
      category: furniture.slug,
      minPrice: 50,
      maxPrice: 400,
      sort: 'price-asc',
      frequency: 'daily',
    });
    expect(res.status).toBe(201);
    expect(res.data.savedSearch).toMatchObject({
      name: 'sofa in Furniture, $50–$400',
      search: 'sofa',
      category: furniture.slug,
      categoryName: 'Furniture',
      minPrice: 50,
      maxPrice: 400,
      sort: 'price-asc',
      frequency: 'daily',
      newCount: 0,
      lastViewedAt: null,
    });
    expect(res.data.savedSearch.href).toBe(
      `/?psearchKeyword=sofa&pselectedCategory=${furniture.slug}&pminPrice=50&pmaxPrice=400&sort=price-asc`,
    );
    const named = await save(token, { search: 'lamp', name: '  My lamps ', frequency: 'off' });
    expect(named.data.savedSearch.name).toBe('My lamps');
    const list = await call('GET', '/saved-searches', { token });
    expect(list.data.savedSearches.map((s: { name: string }) => s.name)).toEqual([
      'sofa in Furniture, $50–$400',
      'My lamps',
    ]);
    expect(list.data.max).toBe(MAX_SAVED_SEARCHES);
  });

  it('refuses what the ad list would refuse, with 400', async () => {
    const { token } = await makeUser();
    expect((await save(token, { search: 'x' })).status).toBe(400);
    expect((await save(token, { search: 'x', frequency: 'weekly' })).status).toBe(400);
    expect((await save(token, { minPrice: 500, maxPrice: 100, frequency: 'instant' })).status).toBe(400);
    expect((await save(token, { minPrice: -1, frequency: 'instant' })).status).toBe(400);
    expect((await save(token, { sort: 'cheapest', frequency: 'instant' })).status).toBe(400);
    const unknown = await save(token, { category: 'no-such-category', frequency: 'instant' });
    expect(unknown.status).toBe(400);
    expect(unknown.data.message).toBe('This category does not exist.');
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} per user (409), even when saves race for the last place`, async () => {
    const { user, token } = await makeUser();
    await db()
      .insert(savedSearches)
      .values(
        Array.from({ length: MAX_SAVED_SEARCHES - 1 }, (_, i) => ({
          userId: user.id,
          name: `s${i}`,
          unsubscribeToken: `cap-${user.id}-${i}`,
        })),
      );
    const results = await Promise.all([1, 2, 3].map((i) => save(token, { search: `race ${i}`, frequency: 'off' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(results.find((r) => r.status === 409)!.data.message).toContain(`at most ${MAX_SAVED_SEARCHES}`);
    const rows = await db().select().from(savedSearches).where(eq(savedSearches.userId, user.id));
    expect(rows).toHaveLength(MAX_SAVED_SEARCHES);
  });

  it('renames, changes the frequency and deletes only the caller’s own searches', async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const id = (await save(owner.token, { search: 'chair', frequency: 'instant' })).data.savedSearch.id;
    for (const [method, p, json] of [
      ['PATCH', `/saved-searches/${id}`, { name: 'Mine now' }],
      ['DELETE', `/saved-searches/${id}`, undefined],
      ['POST', `/saved-searches/${id}/view`, undefined],
    ] as const) {
      expect((await call(method, p, { token: other.token, json })).status, `${method} ${p}`).toBe(404);
    }
    const renamed = await call('PATCH', `/saved-searches/${id}`, {
      token: owner.token,
      json: { name: 'Chairs', frequency: 'daily' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.data.savedSearch).toMatchObject({ id, name: 'Chairs', frequency: 'daily' });
    expect((await call('PATCH', `/saved-searches/${id}`, { token: owner.token, json: {} })).status).toBe(400);
    expect((await call('DELETE', `/saved-searches/${id}`, { token: owner.token })).status).toBe(200);
    expect((await call('GET', '/saved-searches', { token: owner.token })).data.savedSearches).toEqual([]);
  });

  it('mails an instant search a new matching ad, with its link, once; other ads send nothing', async () => {
    const buyer = await makeUser({ name: 'Ben Buyer' });
    const res = await save(buyer.token, {
      search: 'green sofa',
      category: furniture.slug,
      minPrice: 50,
      maxPrice: 400,
      frequency: 'instant',
    });
    const searchId = res.data.savedSearch.id;
    // Not matching: too dear, another category, other words, and the buyer's own ad.
    await postAd({ heading: 'Green sofa, velvet', categoryId: furniture.id, price: 900 });
    await postAd({ heading: 'Green sofa phone case', categoryId: phones.id, price: 100 });
    await postAd({ heading: 'Red armchair', categoryId: furniture.id, price: 100 });
    await postAd({ heading: 'Green sofa, mine', categoryId: furniture.id, price: 100, userId: buyer.user.id });
    expect(await newMails(buyer.user.email)).toEqual([]);

    const ad = await postAd({ heading: 'Green sofa, three seats', categoryId: furniture.id, price: 250 });
    const mails = await newMails(buyer.user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail).toContain('Subject: 1 new ad for “green sofa in Furniture, $50–$400”');
    expect(mail).toContain('Green sofa, three seats — $250');
    expect(mail).toContain(`http://localhost:4321/add-details/${ad.slug}`);
    expect(mail).toContain(`/admin/saved-searches/${searchId}`);
    const [row] = await db().select().from(savedSearches).where(eq(savedSearches.id, searchId));
    expect(mail).toContain(
      `List-Unsubscribe: <http://localhost:4321/api/saved-search-unsubscribe/${row.unsubscribeToken}>`,
    );
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail).toContain(`http://localhost:4321/unsubscribe/${row.unsubscribeToken}`);
    expect(mail).not.toContain('velvet');

    // Another run, and the ad changed since (so the job reads it again): still one mail.
    await db().update(ads).set({ updatedAt: new Date() }).where(eq(ads.id, ad.id));
    await enqueue('saved-search-match', {});
    expect(await newMails(buyer.user.email)).toHaveLength(1);
    const matches = await db().select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, searchId));
    expect(matches.map((m) => m.adId)).toEqual([ad.id]);
  });

  it('posting through the API queues the matching job (no mail is sent in the request)', async () => {
    const buyer = await makeUser();
    await save(buyer.token, { search: 'teak sideboard', frequency: 'instant' });
    const admin = await makeUser({ role: 'admin' });
    const form = new FormData();
    for (const [k, v] of Object.entries({
      heading: 'Teak sideboard from the sixties',
      description: '<p>Solid teak.</p>',
      category: furniture.slug,
      price: '300',
      rating: '4',
      location: 'Bergen',
      features: '[]',
      make_as_featured: 'N',
    }))
      form.append(k, v);
    const posted = await call('POST', '/ads/add', { token: admin.token, form });
    expect(posted.status).toBe(201);
    const dir = path.join(dataDir, 'outbox');
    const before = fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
    expect(before).toBe(seen.size);
    const mails = await newMails(buyer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`/add-details/${posted.data.adsData.slug}`);
  });

  it('matches exactly what the ad list shows for the same filters (words, category names, prices)', async () => {
    const buyer = await makeUser();
    const cases = [
      { search: 'phones' }, // a category name: every ad in Mobile Phones
      { search: 'iphone pro' },
      { search: 'iph' }, // the last word is a prefix
      { search: 'sofa', category: furniture.slug },
      { minPrice: 100, maxPrice: 300 },
      { search: 'green', maxPrice: 200 },
      { search: 'oak-table!' },
      { search: 'batteries phone' }, // a plural, not the last word: its singular counts too
      { search: 'sofas' },
      { search: 'tables oak' },
    ];
    const ids: number[] = [];
    for (const c of cases) ids.push((await save(buyer.token, { ...c, frequency: 'off' })).data.savedSearch.id);
    const posted = [
      await postAd({ heading: 'iPhone 13 Pro', categoryId: phones.id, price: 650 }),
      await postAd({ heading: 'Old Nokia', categoryId: phones.id, price: 20 }),
      await postAd({ heading: 'Green sofa bed', categoryId: furniture.id, price: 180 }),
      await postAd({ heading: 'Oak table', categoryId: furniture.id, price: 250 }),
      await postAd({ heading: 'Green iPhone cover', categoryId: phones.id, price: 15 }),
      await postAd({ heading: 'Phone battery', categoryId: phones.id, price: 12 }),
    ];
    await runQueuedJobs(['saved-search-match']);
    const postedIds = new Set(posted.map((a) => a.id));
    for (const [i, c] of cases.entries()) {
      const listed = await listAds({ page: 1, limit: 100, ...c });
      const expected = listed.ads.map((a) => a.id).filter((id) => postedIds.has(id));
      const found = await db().select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, ids[i]));
      expect(found.map((m) => m.adId).sort(), JSON.stringify(c)).toEqual(expected.sort());
      if (c.search === 'batteries phone' || c.search === 'sofas') expect(expected.length, c.search).toBe(1);
    }
  });

  it('counts new finds until the search is opened, and opening shows them', async () => {
    const buyer = await makeUser();
    const id = (await save(buyer.token, { search: 'walnut desk', frequency: 'off' })).data.savedSearch.id;
    const ad = await postAd({ heading: 'Walnut desk', categoryId: furniture.id, price: 120 });
    await runQueuedJobs(['saved-search-match']);
    const list = await call('GET', '/saved-searches', { token: buyer.token });
    expect(list.data.savedSearches[0]).toMatchObject({ id, newCount: 1 });
    const opened = await call('POST', `/saved-searches/${id}/view`, { token: buyer.token });
    expect(opened.status).toBe(200);
    expect(opened.data.newCount).toBe(1);
    expect(opened.data.newAds.map((a: { id: number }) => a.id)).toEqual([ad.id]);
    expect(opened.data.savedSearch.newCount).toBe(0);
    expect(opened.data.savedSearch.lastViewedAt).not.toBeNull();
    const again = await call('POST', `/saved-searches/${id}/view`, { token: buyer.token });
    expect(again.data).toMatchObject({ newCount: 0, newAds: [] });
    // Frequency off: found and counted, but never mailed.
    expect(await newMails(buyer.user.email)).toEqual([]);
  });

  it('names a search with quotes in it without doubling them in the alert', async () => {
    const buyer = await makeUser();
    await save(buyer.token, { search: '"oak chest"', frequency: 'instant' });
    await insertAd({ heading: 'Oak chest of drawers', categoryId: furniture.id, userId: seller.user.id, price: 80 });
    await requestSavedSearchMatching();
    const [mail] = await newMails(buyer.user.email);
    expect(mail).toContain('Subject: 1 new ad for “‘oak chest’”');
    expect(mail).not.toContain('““');
  });

  it('lists ten ads in an alert and says how many more there are', async () => {
    const buyer = await makeUser();
    await save(buyer.token, { search: 'vinyl record', frequency: 'instant' });
    for (let i = 1; i <= 12; i++)
      await insertAd({ heading: `Vinyl record no ${i}`, categoryId: furniture.id, userId: seller.user.id, price: i });
    await requestSavedSearchMatching();
    const [mail] = await newMails(buyer.user.email);
    expect(mail).toContain('Subject: 12 new ads for “vinyl record”');
    expect(mail.match(/Vinyl record no \d+ — \$/g)).toHaveLength(10);
    expect(mail).toContain('…and 2 more.');
  });

  it('sends nothing to an owner who turned alert mails off', async () => {
    const buyer = await makeUser();
    await db().update(users).set({ alertMails: false }).where(eq(users.id, buyer.user.id));
    await save(buyer.token, { search: 'rocking chair', frequency: 'instant' });
    await postAd({ heading: 'Rocking chair', categoryId: furniture.id, price: 80 });
    expect(await newMails(buyer.user.email)).toEqual([]);
    // Turning them on later does not mail what was found meanwhile.
    await db().update(users).set({ alertMails: true }).where(eq(users.id, buyer.user.id));
    await enqueue('saved-search-match', {});
    expect(await newMails(buyer.user.email)).toEqual([]);
  });

  it('collects a daily search’s finds into one digest from the daily job', async () => {
    const buyer = await makeUser();
    await save(buyer.token, { search: 'bookshelf', frequency: 'daily' });
    await postAd({ heading: 'Tall bookshelf', categoryId: furniture.id, price: 60 });
    await postAd({ heading: 'Small bookshelf', categoryId: furniture.id, price: 30 });
    expect(await newMails(buyer.user.email)).toEqual([]);
    await enqueue('saved-search-digest', {});
    const mails = await newMails(buyer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Your daily digest: 2 new ads for “bookshelf”');
    expect(mails[0]).toContain('Tall bookshelf');
    expect(mails[0]).toContain('Small bookshelf');
    await enqueue('saved-search-digest', {});
    expect(await newMails(buyer.user.email)).toHaveLength(1);
  });

  it('unsubscribes with the link: GET leads to the page, the one-click POST turns alerts off', async () => {
    const buyer = await makeUser();
    const id = (await save(buyer.token, { search: 'bean bag', frequency: 'instant' })).data.savedSearch.id;
    const [row] = await db().select().from(savedSearches).where(eq(savedSearches.id, id));
    const url = `/saved-search-unsubscribe/${row.unsubscribeToken}`;
    const opened = await call('GET', url);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/unsubscribe/${row.unsubscribeToken}`);
    expect((await db().select().from(savedSearches).where(eq(savedSearches.id, id)))[0].frequency).toBe('instant');

    // As a mail client sends it (RFC 8058): a form body, no session, no Origin.
    const form = new FormData();
    form.append('List-Unsubscribe', 'One-Click');
    const done = await call('POST', url, { form });
    expect(done.status).toBe(200);
    expect(done.data).toMatchObject({ success: true, name: 'bean bag' });
    expect((await call('POST', url)).status).toBe(200);
    expect((await db().select().from(savedSearches).where(eq(savedSearches.id, id)))[0].frequency).toBe('off');
    await postAd({ heading: 'Bean bag', categoryId: furniture.id, price: 40 });
    expect(await newMails(buyer.user.email)).toEqual([]);
    expect((await call('POST', '/saved-search-unsubscribe/not-a-token')).status).toBe(404);
  });

  it('still honours the unsubscribe address of mails sent before it moved', async () => {
    const buyer = await makeUser();
    const id = (await save(buyer.token, { search: 'old link', frequency: 'instant' })).data.savedSearch.id;
    const [row] = await db().select().from(savedSearches).where(eq(savedSearches.id, id));
    const old = `/saved-searches/unsubscribe/${row.unsubscribeToken}`;
    expect((await call('GET', old)).status).toBe(303);
    expect((await call('POST', old)).status).toBe(200);
    expect((await db().select().from(savedSearches).where(eq(savedSearches.id, id)))[0].frequency).toBe('off');
  });
});
