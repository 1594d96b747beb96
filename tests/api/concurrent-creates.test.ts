import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../api/auth/session.ts';
import { closeDatabase, connectPostgres, db, useConnection } from '../../api/db/client.ts';
import { siteSettings } from '../../api/db/schema/index.ts';
import { assertDailyAllowance } from '../../api/services/ads/count-ads-today.ts';
import { dropSettingsCache } from '../../api/services/settings/get-settings.ts';
import { insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { withDatabase } from '../helpers/global-setup.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

/**
 * Concurrent writers on one category: every create, move and delete of an ad updates the
 * category's ad_count in a trigger, and each insert's foreign-key check holds a key-share lock
 * on the same row. Locks that conflict with those deadlock (PostgreSQL then kills one of the
 * transactions: a 500 for the user). PGlite serves one connection at a time, so nothing there
 * can run concurrently: these tests need PostgreSQL.
 */
const CREATORS = 8;
const ADS_EACH = 6;

type TCategory = { id: number; slug: string };
let first: TCategory;
let second: TCategory;

beforeAll(async () => {
  if (driver !== 'postgres') return;
  await setupTestDb();
  // As many connections as writers, so every transaction really runs at the same time.
  const rows = (await db().execute(sql`select current_database() as name`)) as unknown as { name: string }[];
  await closeDatabase();
  useConnection(connectPostgres(withDatabase(process.env.TEST_DATABASE_URL as string, rows[0]?.name as string), 20));
  const limits = { freenumberads: 1000, goldnumberads: 1000, platinumnumberads: 1000 };
  await db()
    .insert(siteSettings)
    .values({ id: 1, ...limits })
    .onConflictDoUpdate({ target: siteSettings.id, set: limits });
  dropSettingsCache();
  first = (await insertCategory({ name: 'Busy', slug: 'busy' })) as TCategory;
  second = (await insertCategory({ name: 'Other', slug: 'other' })) as TCategory;
});

function adForm(values: Record<string, string>) {
  const form = new FormData();
  const fields: Record<string, string> = {
    heading: 'Same category',
    description: '<p>At the same time.</p>',
    category: first.slug,
    price: '10',
    rating: '4',
    location: 'Oslo',
    features: '[]',
    make_as_featured: 'N',
    ...values,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

/** Every category's stored count against a real count of its ads. */
async function counts() {
  return (await db().execute(sql`
    select c.id, c.ad_count as stored, (select count(*)::int from ads a where a.category_id = c.id) as real
    from categories c order by c.id`)) as unknown as { id: number; stored: number; real: number }[];
}

function failures(results: { status: number; data: any }[], ok: number) {
  return results.filter((r) => r.status !== ok).map((r) => `${r.status} ${r.data?.message ?? ''}`);
}

describe.skipIf(driver !== 'postgres')('concurrent writers on PostgreSQL (PGlite runs one at a time)', () => {
  it(`${CREATORS} users creating ${ADS_EACH} ads each in one category at once: no failure, exact count`, async () => {
    const users = await Promise.all(Array.from({ length: CREATORS }, () => makeUser()));
    const before = (await counts()).find((c) => c.id === first.id)?.stored ?? 0;
    const results = await Promise.all(
      users.flatMap((u, i) =>
        Array.from({ length: ADS_EACH }, (_, j) =>
          call('POST', '/ads/add', { token: u.token, form: adForm({ heading: `Creator ${i} ad ${j}` }) }),
        ),
      ),
    );
    expect(failures(results, 201)).toEqual([]);
    const after = await counts();
    for (const c of after) expect(c.stored, `category ${c.id}`).toBe(c.real);
    expect(after.find((c) => c.id === first.id)?.stored).toBe(before + CREATORS * ADS_EACH);
  });

  it('creates, moves both ways and deletes between two categories at once keep both counts exact', async () => {
    const users = await Promise.all(Array.from({ length: CREATORS }, () => makeUser()));
    // Each user starts with two ads in each category.
    const owned = await Promise.all(
      users.map(async (u, i) => {
        const ids: number[] = [];
        for (const [j, cat] of [first, second, first, second].entries()) {
          const res = await call('POST', '/ads/add', {
            token: u.token,
            form: adForm({ heading: `Mover ${i} seed ${j}`, category: cat.slug }),
          });
          expect(res.status).toBe(201);
          ids.push(res.data.adsData.id);
        }
        return ids;
      }),
    );
    const work = users.flatMap((u, i) => {
      const [a1, b1, a2, b2] = owned[i] as number[];
      const move = (id: number, to: TCategory) =>
        call('POST', '/ads/update', {
          token: u.token,
          form: adForm({
            id: String(id),
            heading: `Mover ${i} moved ${id}`,
            category: to.slug,
            esitingGalleryImages: '[]',
          }),
        });
      return [
        move(a1 as number, second),
        move(b1 as number, first),
        call('DELETE', `/ads/${a2}`, { token: u.token }),
        call('DELETE', `/ads/${b2}`, { token: u.token }),
        call('POST', '/ads/add', {
          token: u.token,
          form: adForm({ heading: `Mover ${i} new A`, category: first.slug }),
        }),
        call('POST', '/ads/add', {
          token: u.token,
          form: adForm({ heading: `Mover ${i} new B`, category: second.slug }),
        }),
      ];
    });
    const results = await Promise.all(work);
    expect(failures(results, 0).filter((f) => !/^20[01] /.test(f))).toEqual([]);
    for (const c of await counts()) expect(c.stored, `category ${c.id}`).toBe(c.real);
  });

  it('an admin renaming the category (slug included) while users create ads in it does not deadlock', async () => {
    const users = await Promise.all(Array.from({ length: CREATORS }, () => makeUser()));
    const admin = await makeUser({ role: 'admin' });
    // A slug change takes the strongest row lock, which waits for every insert's key-share lock.
    const rename = (n: number) => {
      const form = new FormData();
      form.set('id', String(first.id));
      form.set('name', `Busy ${n}`);
      form.set('slug', n % 2 ? 'busy-renamed' : first.slug);
      return call('POST', '/category/add-edit', { token: admin.token, form });
    };
    const results = await Promise.all([
      ...users.flatMap((u, i) =>
        Array.from({ length: 4 }, (_, j) =>
          call('POST', '/ads/add', { token: u.token, form: adForm({ heading: `Renamer ${i} ${j}` }) }),
        ),
      ),
      ...Array.from({ length: 6 }, (_, n) => rename(n + 1)),
    ]);
    // A create that looked the slug up while it was renamed away is refused with a 4xx; none fails.
    const serverErrors = results.filter((r) => r.status >= 500).map((r) => `${r.status} ${r.data?.message}`);
    expect(serverErrors).toEqual([]);
    expect(results.filter((r) => r.status === 201).length).toBeGreaterThan(0);
    for (const c of await counts()) expect(c.stored, `category ${c.id}`).toBe(c.real);
  });
  it('two admins deleting each other at the same moment never deadlock, and one admin always remains', async () => {
    for (let round = 0; round < 12; round++) {
      const a = await makeUser({ role: 'admin' });
      const b = await makeUser({ role: 'admin' });
      const [ab, ba] = await Promise.all([
        call('DELETE', `/user/${b.user.id}`, { token: a.token }),
        call('DELETE', `/user/${a.user.id}`, { token: b.token }),
      ]);
      // Each either deletes, or finds its own session already gone with its deleted account.
      for (const res of [ab, ba]) expect([200, 401], JSON.stringify(res.data)).toContain(res.status);
      const admins = (await db().execute(
        sql`select count(*)::int as n from users where role = 'admin'`,
      )) as unknown as { n: number }[];
      expect(admins[0]?.n).toBeGreaterThanOrEqual(1);
    }
  });

  it('a create’s lock on its user row does not hold up that user’s sign-in', async () => {
    const { user } = await makeUser();
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    // What a create does first: lock the user's row for the ads-per-day check, then work on.
    const create = db().transaction(async (tx) => {
      await assertDailyAllowance({ user, limit: 100, tx });
      locked();
      await held;
    });
    await isLocked;
    const signIn = await Promise.race([
      createSession({ userId: user.id }).then(() => 'signed in'),
      new Promise((r) => setTimeout(() => r('still waiting after 3 s'), 3000)),
    ]);
    release();
    await create;
    expect(signIn).toBe('signed in');
  });
});
