import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

/**
 * The admin Advertisements and Users lists, paged, filtered and sorted by the server
 * (GET /api/ads?page=…, GET /api/users?page=…), beside the unpaged answer the
 * legacy clients rely on.
 */

type TAd = { id: number; heading: string; price: number; user_id: number; description: string };
type TUser = { id: number; name: string; email: string; role: string };

let categoryId: number;
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  await setupTestDb();
  categoryId = (await insertCategory({ name: 'Instruments' })).id;
  admin = await makeUser({ role: 'admin', name: 'Ada Admin' });
});

/** A word no other test's ads contain, so each test filters to exactly its own rows. */
const word = () => `w${Math.random().toString(36).slice(2, 9)}`;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function get(path: string, token = admin.token) {
  const res = await call('GET', path, { token });
  expect(res.status, JSON.stringify(res.data)).toBe(200);
  return res.data;
}

/** Every page of a query, following the pager until it runs out. */
async function allPages(path: string, limit: number, token = admin.token) {
  const rows: { id: number }[] = [];
  let total = -1;
  for (let page = 1; page < 50; page++) {
    const data = await get(`${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=${limit}`, token);
    total = data.total;
    if (data.users.length === 0) break;
    expect(data.users.length).toBeLessThanOrEqual(limit);
    rows.push(...data.users);
  }
  return { rows, total };
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe(`admin list paging on ${driver}`, () => {
  it('answers GET /api/ads and /api/users without paging parameters exactly as before', async () => {
    const owner = await makeUser();
    const tag = word();
    const older = await insertAd({
      heading: `Old ${tag}`,
      categoryId,
      userId: owner.user.id,
      createdAt: minutesAgo(5),
    });
    const newer = await insertAd({
      heading: `New ${tag}`,
      categoryId,
      userId: owner.user.id,
      createdAt: minutesAgo(1),
    });

    const ads = await get('/ads');
    expect(Object.keys(ads).sort()).toEqual(['ads', 'message', 'success', 'users']);
    expect(ads.success).toBe(true);
    expect(ads.users).toEqual(ads.ads);
    const listed = ids(ads.users);
    expect(listed.indexOf(newer.id)).toBeLessThan(listed.indexOf(older.id));
    expect(ads.users.find((a: TAd) => a.id === newer.id)).toMatchObject({
      heading: `New ${tag}`,
      category_name: 'Instruments',
      user_id: owner.user.id,
      galleryimages: '[]',
    });

    const users = await get('/users');
    expect(Object.keys(users).sort()).toEqual(['message', 'success', 'users']);
    expect(ids(users.users)).toEqual([...ids(users.users)].sort((a, b) => a - b));
    expect(Object.keys(users.users[0]).sort()).toEqual(['email', 'id', 'name', 'role', 'subscription']);
  });

  it('pages the ads: the same keys plus total, page and limit, every ad once in list order', async () => {
    const owner = await makeUser();
    for (let i = 0; i < 7; i++)
      await insertAd({ heading: `Paged ${i}`, categoryId, userId: owner.user.id, createdAt: minutesAgo(100 + i) });
    const full = await get('/ads');

    const first = await get('/ads?page=1&limit=5');
    expect(Object.keys(first).sort()).toEqual(
      ['ads', 'limit', 'message', 'page', 'success', 'total', 'totalPages', 'users'].sort(),
    );
    expect(first).toMatchObject({ success: true, page: 1, limit: 5, total: full.users.length });
    expect(first.totalPages).toBe(Math.ceil(full.users.length / 5));
    expect(first.users).toEqual(first.ads);
    expect(first.users).toEqual(full.users.slice(0, 5));

    const { rows, total } = await allPages('/ads', 5);
    expect(total).toBe(full.users.length);
    expect(ids(rows)).toEqual(ids(full.users));

    // limit alone means the first page; five rows are the default page size.
    expect(ids((await get('/ads?limit=3')).users)).toEqual(ids(full.users.slice(0, 3)));
    expect((await get('/ads?page=1')).users).toHaveLength(5);
    // A page past the end is empty but still says how many there are.
    const past = await get('/ads?page=999&limit=5');
    expect(past.users).toEqual([]);
    expect(past.total).toBe(full.users.length);
  });

  it('filters ads by word (prefix of the last one, any case) through the search index, and by id or price', async () => {
    const owner = await makeUser();
    const tag = word();
    const guitar = await insertAd({
      heading: `Fender Stratocaster ${tag}`,
      description: '<p>Sunburst <strong>finish</strong>, hard case.</p>',
      categoryId,
      userId: owner.user.id,
      price: 1234.5,
    });
    const drums = await insertAd({ heading: `Drum kit ${tag}`, categoryId, userId: owner.user.id, price: 300 });
    await insertAd({ heading: 'Unrelated piano', categoryId, userId: owner.user.id, price: 300 });

    const byTag = await get(`/ads?page=1&limit=10&q=${tag}`);
    expect(byTag.total).toBe(2);
    expect(ids(byTag.users).sort()).toEqual([guitar.id, drums.id].sort());
    // Words anywhere in heading or description, the last one still being typed, any case.
    expect(ids((await get(`/ads?page=1&q=${encodeURIComponent(`  ${tag.toUpperCase()} STRAT  `)}`)).users)).toEqual([
      guitar.id,
    ]);
    expect(ids((await get(`/ads?page=1&q=${encodeURIComponent(`${tag} sunb`)}`)).users)).toEqual([guitar.id]);
    // tsquery syntax typed into the box is just punctuation.
    expect(ids((await get(`/ads?page=1&q=${encodeURIComponent(`${tag} & !(fender | `)}`)).users)).toEqual([guitar.id]);
    const miss = await get(`/ads?page=1&q=${tag}+nosuchword`);
    expect(miss).toMatchObject({ users: [], total: 0, totalPages: 0 });

    // A number is also an id or a price, exactly.
    expect(ids((await get(`/ads?page=1&limit=100&q=${guitar.id}`)).users)).toContain(guitar.id);
    const byPrice = await get(`/ads?page=1&limit=100&q=${encodeURIComponent('$1,234.50')}`);
    expect(ids(byPrice.users)).toEqual([guitar.id]);
    expect(ids((await get('/ads?page=1&limit=100&q=300')).users)).toEqual(expect.arrayContaining([drums.id]));

    // The unpaged list honours the same filter.
    expect(ids((await get(`/ads?q=${tag}`)).users).sort()).toEqual([guitar.id, drums.id].sort());
  });

  it('sorts ads by id, heading (case-blind) and price both ways, id breaking ties so pages never overlap', async () => {
    const owner = await makeUser();
    const tag = word();
    const made: { id: number; heading: string; price: number }[] = [];
    for (const [heading, price] of [
      ['banjo', 50],
      ['Accordion', 50],
      ['cello', 20],
      ['Bassoon', 50],
      ['alto sax', 20],
      ['Bongo', 90],
      ['accordion', 50],
    ] as const) {
      made.push(await insertAd({ heading: `${heading} ${tag}`, categoryId, userId: owner.user.id, price }));
    }
    const q = `q=${tag}`;
    type TMade = (typeof made)[number];
    const byPrice = (a: TMade, b: TMade) => a.price - b.price || a.id - b.id;
    const byHeading = (a: TMade, b: TMade) =>
      a.heading.toLowerCase() < b.heading.toLowerCase()
        ? -1
        : a.heading.toLowerCase() > b.heading.toLowerCase()
          ? 1
          : a.id - b.id;
    const asc = {
      id: ids([...made].sort((a, b) => a.id - b.id)),
      price: ids([...made].sort(byPrice)),
      heading: ids([...made].sort(byHeading)),
    };
    for (const [sort, expected] of Object.entries(asc)) {
      // Pages of two: four requests, every ad once, in order.
      const up = await allPages(`/ads?${q}&sort=${sort}&order=asc`, 2);
      expect(up.total).toBe(7);
      expect(ids(up.rows), `${sort} asc`).toEqual(expected);
      const down = await allPages(`/ads?${q}&sort=${sort}&order=desc`, 2);
      expect(ids(down.rows), `${sort} desc`).toEqual([...expected].reverse());
    }
    // Without order, a sort is ascending.
    expect(ids((await get(`/ads?${q}&sort=price&page=1&limit=7`)).users)).toEqual(asc.price);
    // Unpaged, the same order.
    expect(ids((await get(`/ads?${q}&sort=heading&order=desc`)).users)).toEqual([...asc.heading].reverse());
  });

  it('keeps a customer to their own ads on every page, whatever the filter asks', async () => {
    const me = await makeUser();
    const other = await makeUser();
    const tag = word();
    const mine = [];
    for (let i = 0; i < 3; i++)
      mine.push(await insertAd({ heading: `Mine ${i} ${tag}`, categoryId, userId: me.user.id }));
    const theirs = await insertAd({ heading: `Theirs ${tag}`, categoryId, userId: other.user.id });

    const page = await get('/ads?page=1&limit=2', me.token);
    expect(page.total).toBe(3);
    expect(page.totalPages).toBe(2);
    const { rows } = await allPages('/ads', 2, me.token);
    expect(ids(rows).sort()).toEqual(ids(mine).sort());
    expect((rows as TAd[]).every((a) => a.user_id === me.user.id)).toBe(true);

    expect((await get(`/ads?page=1&q=${tag}`, me.token)).total).toBe(3);
    expect(await get(`/ads?page=1&q=${theirs.id}`, me.token)).toMatchObject({ total: 0, users: [] });
    expect(await get(`/ads?page=1&q=Theirs+${tag}`, me.token)).toMatchObject({ total: 0, users: [] });
    expect(ids((await get(`/ads?page=1&q=Theirs+${tag}`, other.token)).users)).toEqual([theirs.id]);
    // The admin sees all four.
    expect((await get(`/ads?page=1&q=${tag}`)).total).toBe(4);
  });

  it('refuses paging values it cannot understand with a 400 naming the parameter, never a 500', async () => {
    const cases: [string, RegExp][] = [
      ['page=0', /^page /],
      ['page=-1', /^page /],
      ['page=1.5', /^page /],
      ['page=abc', /^page /],
      ['page=100001', /^page must be at most/],
      ['page=1&limit=0', /^limit /],
      ['page=1&limit=101', /^limit must be a whole number from 1 to 100/],
      ['limit=1e9', /^limit /],
      ['page=1&sort=description', /^sort must be one of id, heading, price\./],
      ['page=1&sort=price&order=up', /^order must be 'asc' or 'desc'\./],
      ['page=1&q=a&q=b', /^q must be a single value\./],
      ['page=1&page=2', /^page /],
    ];
    for (const [query, message] of cases) {
      const res = await call('GET', `/ads?${query}`, { token: admin.token });
      expect(res.status, query).toBe(400);
      expect(res.data).toMatchObject({ success: false });
      expect(res.data.error, query).toMatch(message);
      expect(res.data.message).toBe(res.data.error);
    }
    const users = await call('GET', '/users?page=1&sort=heading', { token: admin.token });
    expect(users.status).toBe(400);
    expect(users.data.error).toBe('sort must be one of id, name, email, role.');
    expect((await call('GET', '/users?limit=101', { token: admin.token })).status).toBe(400);
    // The limits themselves are fine, and empty values mean "not set".
    expect((await get('/ads?page=1&limit=100')).limit).toBe(100);
    expect((await get('/ads?page=1&limit=1')).users).toHaveLength(1);
    expect(Object.keys(await get('/ads?page=&limit=&sort=&order=&q=')).sort()).toEqual([
      'ads',
      'message',
      'success',
      'users',
    ]);
    // NUL and long text in the filter are cleaned, not refused.
    expect((await get(`/ads?page=1&q=${encodeURIComponent(`a\0b${'x'.repeat(500)}`)}`)).total).toBe(0);
    expect((await get(`/users?page=1&q=${encodeURIComponent('\0')}`)).total).toBeGreaterThan(0);
  });

  it('answers any mix of list parameters with 200 or a named 400, never a 500', async () => {
    const value = fc.oneof(
      fc.constantFrom('', '0', '1', '5', '100', '101', '-3', '1.5', '1e3', 'asc', 'desc', 'id', 'price', 'name'),
      fc.string({ maxLength: 12 }),
    );
    const param = fc.tuple(fc.constantFrom('page', 'limit', 'q', 'sort', 'order'), value);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/ads', '/users'), fc.array(param, { maxLength: 5 }), async (path, params) => {
        const query = new URLSearchParams(params).toString();
        const res = await call('GET', `${path}?${query}`, { token: admin.token });
        expect([200, 400], `${path}?${query}`).toContain(res.status);
        if (res.status === 400) expect(res.data.error).toMatch(/^(page|limit|q|sort|order) /);
        else expect(Array.isArray(res.data.users)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('pages, filters and sorts the users, and still refuses customers and visitors', async () => {
    const tag = word();
    const made: TUser[] = [];
    for (const name of ['delta', 'Alpha', 'echo', 'Bravo', 'charlie', 'Foxtrot'])
      made.push((await makeUser({ name: `${name} ${tag}` })).user as TUser);
    const promoted = await makeUser({ name: `Golf ${tag}`, role: 'admin' });
    made.push(promoted.user as TUser);

    const page = await get(`/users?page=1&limit=5&q=${tag.toUpperCase()}`);
    expect(Object.keys(page).sort()).toEqual(['limit', 'message', 'page', 'success', 'total', 'totalPages', 'users']);
    expect(page).toMatchObject({ total: 7, page: 1, limit: 5, totalPages: 2 });
    expect(ids(page.users)).toEqual(ids(made).slice(0, 5));
    expect(ids((await get(`/users?page=2&limit=5&q=${tag}`)).users)).toEqual(ids(made).slice(5));
    expect(JSON.stringify(page)).not.toMatch(/argon2|password/i);

    // By email, by id, and LIKE's wildcards match only themselves.
    const [first] = made;
    expect(ids((await get(`/users?page=1&q=${encodeURIComponent(first.email.slice(0, 12))}`)).users)).toContain(
      first.id,
    );
    expect(ids((await get(`/users?page=1&q=${first.id}`)).users)).toContain(first.id);
    expect((await get(`/users?page=1&q=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await get(`/users?page=1&q=${encodeURIComponent(`${tag.slice(0, -1)}_`)}`)).total).toBe(0);
    expect((await get(`/users?page=1&q=${tag.slice(0, -1)}`)).total).toBe(7);

    // Names sort case-blind both ways; role sorts with id breaking the tie.
    const byName = [...made].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
    const up = await allPages(`/users?q=${tag}&sort=name&order=asc`, 3);
    expect(up.rows.map((u) => (u as TUser).name)).toEqual(byName.map((u) => u.name));
    const down = await allPages(`/users?q=${tag}&sort=name&order=desc`, 3);
    expect(ids(down.rows)).toEqual(ids(byName).reverse());
    const roles = await allPages(`/users?q=${tag}&sort=role&order=asc`, 2);
    expect(ids(roles.rows)).toEqual([promoted.user.id, ...ids(made).slice(0, 6)]);
    const email = await get(`/users?page=1&limit=100&q=${tag}&sort=email&order=desc`);
    const emails = email.users.map((u: TUser) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());

    const customer = await makeUser();
    expect((await call('GET', '/users?page=1', { token: customer.token })).status).toBe(403);
    expect((await call('GET', '/users?page=1')).status).toBe(401);
    expect((await call('GET', '/ads?page=1')).status).toBe(401);
  });
});
