import fs from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// storeImage is wrapped so one test can make it fail part-way through the seed.
vi.mock('../../api/storage/images.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../api/storage/images.ts')>();
  return { ...real, storeImage: vi.fn(real.storeImage), realStoreImage: real.storeImage };
});
const { realStoreImage } = (await import('../../api/storage/images.ts')) as unknown as {
  realStoreImage: typeof storeImage;
};

import { db } from '../../api/db/client.ts';
import { ads, categories, faqs, membershipPlans, pages, testimonials, users } from '../../api/db/schema/index.ts';
import { imageFiles, storeImage } from '../../api/storage/images.ts';
import { putFile } from '../../api/storage/storage.ts';
import { seedBulkAds } from '../../drizzle/seed/bulk.ts';
import { seedDemo } from '../../drizzle/seed/demo.ts';
import { DEMO_ADS } from '../../drizzle/seed/demo-content.ts';
import { call } from '../helpers/client.ts';
import { setupTestDb } from '../helpers/test-db.ts';

let dataDir = '';
const uploads = () => path.join(dataDir, 'uploads');
const listUploads = () => (fs.existsSync(uploads()) ? fs.readdirSync(uploads()).filter((f) => !f.startsWith('.')) : []);
const total = async (table: PgTable) =>
  Number(((await db().select({ n: count() }).from(table)) as [{ n: number }])[0].n);

beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
});

describe('the demo seed', () => {
  it('leaves no rows and no files behind when storing a photo fails half-way', async () => {
    let calls = 0;
    vi.mocked(storeImage).mockImplementation(async (file, options) => {
      calls += 1;
      if (calls > 14) throw new Error('disk full');
      return realStoreImage(file, options);
    });
    try {
      await expect(seedDemo()).rejects.toThrow('disk full');
    } finally {
      vi.mocked(storeImage).mockImplementation(realStoreImage);
    }
    expect(calls).toBeGreaterThan(14);
    expect(listUploads()).toEqual([]);
    expect(await total(users)).toBe(0);
  }, 120_000);

  it('leaves no files behind when the database refuses the rows', async () => {
    // Stand-in photos (one small file each) keep this case fast; the clean-up is the same.
    vi.mocked(storeImage).mockImplementation(async (_file, options) => {
      const name = `${options?.prefix ?? 'img'}-${crypto.randomUUID()}.webp`;
      await putFile(name, Buffer.from('stand-in'));
      return name;
    });
    const database = db();
    const original = database.transaction.bind(database);
    database.transaction = (async () => {
      expect(listUploads().length).toBeGreaterThan(100);
      throw new Error('database went away');
    }) as never;
    try {
      await expect(seedDemo()).rejects.toThrow('database went away');
    } finally {
      database.transaction = original;
      vi.mocked(storeImage).mockImplementation(realStoreImage);
    }
    expect(listUploads()).toEqual([]);
    expect(await total(users)).toBe(0);
  }, 120_000);

  it('loads users, categories, ads with photos, pages, FAQs, testimonials, plans and settings', async () => {
    const result = await seedDemo();
    expect(result.ads).toBe(DEMO_ADS.length);

    const people = await db().select().from(users);
    expect(people.find((u) => u.email === 'admin@example.com')).toMatchObject({ name: 'Demo Admin', role: 'admin' });
    expect(people.filter((u) => u.role === 'customer')).toHaveLength(2);

    const login = await call('POST', '/user/login', { json: { email: 'admin@example.com', password: 'admin123' } });
    expect(login.status).toBe(200);

    const cats = await db().select().from(categories);
    expect(cats).toHaveLength(8);
    const rows = await db().select().from(ads);
    expect(rows).toHaveLength(DEMO_ADS.length);
    const customerIds = new Set(people.filter((u) => u.role === 'customer').map((u) => u.id));
    for (const ad of rows) {
      expect(customerIds.has(ad.userId)).toBe(true);
      expect(ad.image).toMatch(/^ad-[\w-]+\.webp$/);
      expect(ad.galleryImages.length).toBeGreaterThanOrEqual(1);
      expect(ad.galleryImages.length).toBeLessThanOrEqual(3);
      expect(ad.description).toMatch(/^<p>.*<\/ul>/s);
      expect(JSON.parse(ad.features)[0]).toHaveProperty('value');
    }
    expect(rows.some((a) => a.makeAsFeatured === 'Y')).toBe(true);
    const months = new Set(rows.map((a) => a.createdAt.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(4);

    // Every stored photo exists with its renditions, and nothing else is in uploads (the
    // flagged pair's two ads share one photo).
    const names = new Set([
      ...cats.map((c) => c.image),
      ...rows.flatMap((a) => [a.image, ...a.galleryImages]),
      ...(await db().select().from(testimonials)).map((t) => t.image),
    ]);
    const expected = [...names].flatMap((n) => imageFiles(n as string)).sort();
    expect(listUploads().sort()).toEqual(expected);

    const about = await db().select().from(pages).where(eq(pages.slug, 'about-us'));
    expect(about[0]).toMatchObject({ template: 'aboutus' });
    expect(about[0].howwework).toContain('<h3>');
    expect(await total(pages)).toBe(3);
    expect(await total(faqs)).toBeGreaterThanOrEqual(6);
    expect(await total(testimonials)).toBe(4);
    const plans = await db().select().from(membershipPlans);
    expect(plans.map((p) => [p.planName, p.subscriptionType, p.price, p.expiryDays])).toEqual([
      ['Free', 'NA', null, 30],
      ['Gold', 'Monthly', 19, 60],
      ['Platinum', 'Yearly', 199, 90],
    ]);
    // Some demo ads show the other states: three sold, two reserved, one paused, one expired,
    // one held for review by reports and one by a copied photo (the moderation screen's examples).
    const states = await db()
      .select({ status: ads.status, n: count() })
      .from(ads)
      .groupBy(ads.status)
      .orderBy(ads.status);
    expect(Object.fromEntries(states.map((r) => [r.status, Number(r.n)]))).toEqual({
      active: 31,
      expired: 1,
      paused: 1,
      pending: 2,
      reserved: 2,
      sold: 3,
    });

    const settings = await call('GET', '/get-settings');
    const record = settings.data.data[0];
    expect(record.address).toContain('San Francisco');
    expect(record.socialLinks).toHaveLength(4);
    expect(record.footerads).toContain('Platinum');
    expect(record.goldnumberphotoAds).toBe(6);
    expect(record.categories.find((c: { slug: string }) => c.slug === 'vehicles').count).toBe(5);
  }, 180_000);

  it('starts with saved searches for Emma and Liam, one of them near Denver', async () => {
    const login = async (email: string) =>
      (await call('POST', '/user/login', { json: { email, password: 'customer123' } })).data.token as string;
    const emma = await call('GET', '/saved-searches', { token: await login('emma@example.com') });
    expect(emma.data.savedSearches).toMatchObject([{ search: 'bike', frequency: 'instant' }]);
    const liam = await call('GET', '/saved-searches', { token: await login('liam@example.com') });
    expect(liam.data.savedSearches).toMatchObject([
      { search: 'sofa', frequency: 'daily' },
      {
        search: '',
        name: 'All ads, near Denver, Colorado, US',
        radiusKm: 50,
        href: expect.stringMatching(/pnear=\d+&pradius=50$/),
      },
    ]);
  });

  it('puts every demo ad at the real city its location names', async () => {
    const list = await call('GET', '/all-ads?limit=100');
    for (const ad of list.data.ads) {
      expect(ad.place, ad.location).toBeDefined();
      expect(ad.place.label.split(',')[0], ad.location).toBe(ad.location.split(',')[0]);
    }
  });

  it('starts the moderation screen with a held ad, a reported ad and one logged decision', async () => {
    const admin = (await call('POST', '/user/login', { json: { email: 'admin@example.com', password: 'admin123' } }))
      .data.token as string;
    const queue = await call('GET', '/moderation', { token: admin });
    expect(queue.data.pendingAds.map((a: { heading: string }) => a.heading)).toEqual([
      'Warehouse Associate – Night Shift',
      'Carbon Road Bike 56 cm, Shimano 105',
    ]);
    // The flagged pair: the road bike ad shows the mountain bike's photo, posted by another account.
    const [held, copy] = queue.data.pendingAds;
    expect(copy).toMatchObject({ heldReason: 'fraud-signals', reports: [] });
    expect(copy.fraudFlags).toMatchObject([
      {
        signal: 'same-photo',
        reason: expect.stringMatching(/^Same photo as ad \d+ by another account$/),
        match: { heading: 'Trek Marlin 7 Mountain Bike, 29er, Size L', image: copy.image },
      },
    ]);
    expect(copy.fraudFlags[0].match.owner.id).not.toBe(copy.owner.id);
    expect(held.reports).toHaveLength(3);
    expect(queue.data.reportedAds.map((a: { heading: string }) => a.heading)).toEqual([
      'Persian Cat, Cream, Calm Indoor Companion',
    ]);
    const log = await call('GET', '/moderation/audit-log', { token: admin });
    expect(log.data.data).toMatchObject([{ action: 'dismiss-ad-reports', actor: { name: 'Demo Admin' } }]);
  });

  it('starts the demo inboxes with six conversations, one answer still unread by Emma, and four reviews', async () => {
    const login = async (email: string) =>
      (await call('POST', '/user/login', { json: { email, password: 'customer123' } })).data.token as string;
    const emma = await login('emma@example.com');
    const liam = await login('liam@example.com');
    const list = await call('GET', '/conversations', { token: emma });
    expect(list.data.total).toBe(6);
    expect((await call('GET', '/conversations/unread-count', { token: emma })).data.unread).toBe(1);
    expect((await call('GET', '/conversations/unread-count', { token: liam })).data.unread).toBe(0);
    const names = list.data.conversations.map((c: { other: { name: string } }) => c.other.name);
    expect(names).toEqual(Array(6).fill('Liam Carter'));
    // Emma's answers make her seller facts: 4 of 5 first messages answered, the median in 25 minutes.
    const [emmaRow] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'emma@example.com'));
    const seller = await call('GET', `/sellers/${emmaRow?.id}`);
    expect(seller.data.seller).toMatchObject({ recentConversations: 5, responseRate: 0.8, responseMinutes: 25 });
    // Liam reviewed three of them, and Emma answered the newest review; she reviewed Liam once.
    expect(seller.data.seller.rating).toEqual({ average: 4.7, count: 3 });
    const reviewsOfEmma = await call('GET', `/sellers/${emmaRow?.id}/reviews`);
    expect(
      reviewsOfEmma.data.reviews.map((r: { rating: number; buyerName: string }) => [r.rating, r.buyerName]),
    ).toEqual([
      [5, 'Liam'],
      [4, 'Liam'],
      [5, 'Liam'],
    ]);
    expect(reviewsOfEmma.data.reviews[0].reply.text).toBe('Thank you, Liam! Enjoy it.');
    const [liamRow] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'liam@example.com'));
    expect((await call('GET', `/sellers/${liamRow?.id}/reviews`)).data.rating).toEqual({ average: 4, count: 1 });
  });

  it('serves the seeded photos at /uploads', async () => {
    const [ad] = await db().select().from(ads).limit(1);
    const file = path.join(uploads(), ad.image as string);
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString()).toBe('WEBP');
  });
});

describe('bulk ads', () => {
  it('adds the requested number of ads with unique slugs, reusing stored photos', async () => {
    const before = await total(ads);
    const filesBefore = listUploads().length;
    const result = await seedBulkAds({ count: 2500, batchSize: 1000 });
    expect(result.inserted).toBe(2500);
    expect(await total(ads)).toBe(before + 2500);
    expect(listUploads()).toHaveLength(filesBefore);
    const dupes = await db().execute(sql`SELECT slug FROM ads GROUP BY slug HAVING count(*) > 1`);
    expect(Array.isArray(dupes) ? dupes : dupes.rows).toHaveLength(0);
    const noPhoto = await db().select({ n: count() }).from(ads).where(sql`${ads.image} IS NULL`);
    expect(Number(noPhoto[0].n)).toBe(0);
    // Expiries like the product's: whole milliseconds (what the expiry job's clock holds), 29–30
    // days ahead, spread rather than one shared instant.
    const expiries = await db().execute(
      sql`SELECT count(*) FILTER (WHERE extract(microseconds FROM expires_at)::bigint % 1000 <> 0)::int AS micro,
            count(DISTINCT expires_at)::int AS distinct_at,
            min(expires_at - now()) > interval '28 days' AS soonest_ok, max(expires_at - now()) <= interval '30 days' AS latest_ok
          FROM ads WHERE slug NOT IN (SELECT slug FROM ads ORDER BY id LIMIT ${before})`,
    );
    const [e] = (Array.isArray(expiries) ? expiries : expiries.rows) as {
      micro: number;
      distinct_at: number;
      soonest_ok: boolean;
      latest_ok: boolean;
    }[];
    expect(e).toMatchObject({ micro: 0, soonest_ok: true, latest_ok: true });
    expect(e!.distinct_at).toBeGreaterThan(2000);
    // The load used a pending list for the search indexes; afterwards they keep none again
    // (drizzle/0017), and nothing waits in one: every search would read it whole. ad_search's
    // index is partitioned (drizzle/0019): each category's partition has its own.
    const leaves = sql`(SELECT relid FROM pg_partition_tree('ads_search_idx'::regclass) WHERE isleaf
      UNION ALL SELECT relid FROM pg_partition_tree('ad_search_document_idx'::regclass) WHERE isleaf)`;
    const options = await db().execute(
      sql`SELECT count(*)::int AS indexes, count(*) FILTER (WHERE reloptions::text = '{fastupdate=false}')::int AS direct,
            sum(gin_clean_pending_list(oid::regclass))::int AS pages
          FROM pg_class WHERE oid IN ${leaves}`,
    );
    const [row] = Array.isArray(options) ? options : options.rows;
    expect(row.indexes).toBeGreaterThan(2);
    expect(row).toEqual({ indexes: row.indexes, direct: row.indexes, pages: 0 });
  }, 120_000);

  it('makes bulk ads findable by full-text search', async () => {
    const hits = await db()
      .select({ n: count() })
      .from(ads)
      .where(sql`${ads.search} @@ plainto_tsquery('simple', 'bike')`);
    expect(Number(hits[0].n)).toBeGreaterThan(20);
  });

  it('can run twice without slug clashes', async () => {
    const result = await seedBulkAds({ count: 300 });
    expect(result.inserted).toBe(300);
  }, 60_000);
});
