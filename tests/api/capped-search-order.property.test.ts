import { and, desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { places } from '../../api/db/schema/index.ts';
import { listAds, type TListAdsOptions } from '../../api/services/search/list-ads.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// Past the count cap a search no longer holds every match: it sorts a page from the matches
// past a threshold that its sample of cap + 1 matches proves (narrow-search.ts, boundAt),
// found in the index through price and week keys, or, newest first, from a walk of the newest
// ads (walked-matches.ts; forced here, where the catalogue is small, with windows that find the
// page and windows too short that fall back). Whatever the cap, the pages must be exactly the
// pages of a full sort. Random searches, filters, sorts, pages and caps over a catalogue
// whose prices span many buckets (with ties) and whose dates span more than a year (with ties),
// near a place or not (its places' keys in the same index, drizzle/0035). The search is called
// as the route calls it (listAds), so that the walk's test hooks reach it.

const DAY = 24 * 60 * 60 * 1000;
const PRICES = [0, 1, 1.5, 2.99, 5, 7, 7, 10, 99, 100, 150, 150, 999.99, 1000, 5000, 25_000, 1_000_000, 3];
const AGES_IN_DAYS = [0.001, 0.5, 1, 1, 3, 6, 8, 13, 15, 30, 45, 90, 180, 200, 365, 400, 20, 2];
const WORDS = ['brass', 'oak', 'vintage'];

type TPlace = { id: number; lat: number; lon: number };
type TAd = { id: number; heading: string; price: number; createdAt: number; category: string; place?: TPlace };
const catalogue: TAd[] = [];
/** The places the ads sit at (a fourth of them at none), by name. */
const at: Record<string, TPlace> = {};

async function findPlace(name: string, region: string): Promise<TPlace> {
  const [p] = await db()
    .select({ id: places.id, lat: places.latitude, lon: places.longitude })
    .from(places)
    .where(and(eq(places.name, name), eq(places.region, region)))
    .orderBy(desc(places.population))
    .limit(1);
  if (!p) throw new Error(`no place ${name}, ${region}`);
  return p;
}

/** Great-circle km, computed here (the mean Earth radius). */
function km(a: TPlace, b: TPlace) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

beforeAll(async () => {
  await setupTestDb();
  const { user } = await makeUser({ name: 'Order Seller' });
  const lighting = await insertCategory({ name: 'Lighting', slug: 'lighting' });
  const furniture = await insertCategory({ name: 'Furniture', slug: 'furniture' });
  at.richmond = await findPlace('Richmond', 'Virginia');
  at.petersburg = await findPlace('Petersburg', 'Virginia');
  at.denver = await findPlace('Denver', 'Colorado');
  const spots = [at.richmond, at.petersburg, at.denver, undefined];
  const now = Date.now();
  for (let i = 0; i < 54; i++) {
    const category = i % 3 === 0 ? lighting : furniture;
    const heading = `${WORDS[i % WORDS.length]} lamp ${i}`;
    const price = PRICES[i % PRICES.length] as number;
    // Every ninth ad shares its creation time with the one before it: ties break by id.
    const ageDays = AGES_IN_DAYS[(i % 9 === 8 ? i - 1 : i) % AGES_IN_DAYS.length] as number;
    const createdAt = new Date(now - ageDays * DAY - (i % 9 === 8 ? 0 : i));
    const place = spots[i % spots.length];
    const ad = await insertAd({
      heading,
      price,
      createdAt,
      categoryId: category.id,
      userId: user.id,
      placeId: place?.id,
    });
    catalogue.push({ id: ad.id, heading, price, createdAt: ad.createdAt.getTime(), category: category.slug, place });
  }
});

afterEach(() => {
  delete process.env.SEARCH_COUNT_CAP;
  delete process.env.SEARCH_WALK_ROWS;
});

// Nearest first: with a near search, the places walked nearest first (nearest-walk.ts).
const SORTS = ['', 'price-asc', 'price-desc', 'relevance', 'distance'] as const;
const search = fc
  .record({
    search: fc.constantFrom('lamp', 'lam', 'brass', 'oak lamp', 'lighting', 'vintage lam'),
    category: fc.constantFrom('', 'lighting', 'furniture'),
    sort: fc.constantFrom(...SORTS),
    min: fc.option(fc.constantFrom(0, 1, 5, 99, 150, 1000), { nil: undefined }),
    max: fc.option(fc.constantFrom(7, 150, 1000, 5000, 2_000_000), { nil: undefined }),
    page: fc.integer({ min: 1, max: 5 }),
    limit: fc.constantFrom(2, 3, 5),
    cap: fc.integer({ min: 1, max: 12 }),
    // Past the cap newest first: no walk, or a walk over this many of the newest ads, tried
    // always or when the sample's density says the page lies within it.
    walk: fc.option(fc.constantFrom(1, 4, 10, 100), { nil: undefined }),
    walkWhen: fc.constantFrom('always', 'estimated'),
    // Near Richmond: its own ads (5 km), Petersburg's too (60 km), or none (a point far away).
    near: fc.option(fc.constantFrom('richmond:5', 'richmond:60', 'ocean:25'), { nil: undefined }),
  })
  // A minimum above the maximum is refused (400), not searched; so is nearest first without near.
  .filter(
    (s) =>
      (s.min === undefined || s.max === undefined || s.min <= s.max) && (s.sort !== 'distance' || s.near !== undefined),
  );
type TSearch = typeof search extends fc.Arbitrary<infer T> ? T : never;

/** The route's options for a search (GET /all-ads with its query). */
function options(s: TSearch, withCategoryCounts: boolean): TListAdsOptions {
  const o: TListAdsOptions = { search: s.search, page: s.page, limit: s.limit, sort: s.sort, withCategoryCounts };
  if (s.category) o.category = s.category;
  if (s.min !== undefined) o.minPrice = s.min;
  if (s.max !== undefined) o.maxPrice = s.max;
  if (s.near) {
    const [where, radius] = s.near.split(':') as [string, string];
    o.near = where === 'ocean' ? { kind: 'point', lat: 30, lon: -40 } : { kind: 'place', id: (at[where] as TPlace).id };
    o.radiusKm = Number(radius);
  }
  return o;
}

/** A near search's centre and radius. */
function nearOf(near: string) {
  const [where, radius] = near.split(':') as [string, string];
  return { center: where === 'ocean' ? { id: 0, lat: 30, lon: -40 } : (at[where] as TPlace), radius: Number(radius) };
}

/** Whether an ad is within the search's radius (every ad without near). */
function isNear(s: TSearch, a: TAd) {
  if (!s.near) return true;
  const { center, radius } = nearOf(s.near);
  return a.place !== undefined && km(center, a.place) <= radius;
}

async function page(s: TSearch, cap?: number, categoryCounts = false) {
  if (cap === undefined) delete process.env.SEARCH_COUNT_CAP;
  else process.env.SEARCH_COUNT_CAP = String(cap);
  process.env.SEARCH_WALK_ROWS = String(s.walk ?? 0);
  return listAds(options(s, categoryCounts), {
    walkAlways: cap !== undefined && s.walk !== undefined && s.walkWhen === 'always',
    walkAnySize: cap !== undefined && s.walk !== undefined && s.walkWhen === 'estimated',
  });
}

/** The exact order of the plain sorts, computed here from the catalogue. */
function expected(s: TSearch): number[] | undefined {
  if (s.sort === 'relevance' || s.search.includes(' ') || s.search === 'lighting') return undefined;
  const word = s.search;
  const rows = catalogue.filter(
    (a) =>
      a.heading.split(' ').some((w) => w.startsWith(word)) &&
      (!s.category || a.category === s.category) &&
      (s.min === undefined || a.price >= s.min) &&
      (s.max === undefined || a.price <= s.max) &&
      isNear(s, a),
  );
  const newest = (a: TAd, b: TAd) => b.createdAt - a.createdAt || b.id - a.id;
  // Nearest first, newest first at the same distance; without a near search, newest first.
  const center = s.near ? nearOf(s.near).center : undefined;
  const distance = (a: TAd) => (center && a.place ? km(center, a.place) : 0);
  const order: Record<string, (a: TAd, b: TAd) => number> = {
    '': newest,
    distance: (a, b) => distance(a) - distance(b) || newest(a, b),
    'price-asc': (a, b) => a.price - b.price || a.id - b.id,
    'price-desc': (a, b) => b.price - a.price || b.id - a.id,
  };
  const from = (s.page - 1) * s.limit;
  return rows
    .sort(order[s.sort])
    .slice(from, from + s.limit)
    .map((a) => a.id);
}

describe(`pages past the count cap on ${driver}`, () => {
  it('are the pages of a full sort, for every sort, filter and cap', async () => {
    await fc.assert(
      fc.asyncProperty(search, async (s) => {
        const exact = await page(s);
        const capped = await page(s, s.cap);
        expect(capped.ads.map((a) => a.id)).toEqual(exact.ads.map((a) => a.id));
        const want = expected(s);
        if (want) expect(exact.ads.map((a) => a.id)).toEqual(want);
        // The capped answer says it stopped counting exactly when there are more matches.
        expect(capped.totalCapped).toBe(exact.total > s.cap);
        expect(capped.total).toBe(Math.min(exact.total, s.cap));
        // With the sidebar's counts the pass collects every category's matches, and the chosen
        // category's are taken from them or collected again: the same total and page.
        const counted = await page(s, s.cap, true);
        expect(counted.ads.map((a) => a.id)).toEqual(capped.ads.map((a) => a.id));
        expect({ total: counted.total, totalCapped: counted.totalCapped }).toEqual({
          total: capped.total,
          totalCapped: capped.totalCapped,
        });
        // Each category's count is its exact count up to the same cap, "at least" past it.
        const all = await page(s, undefined, true);
        expect(counted.categoryCounts).toEqual(
          all.categoryCounts?.map((c) => ({ ...c, count: Math.min(c.count, s.cap), capped: c.count > s.cap })),
        );
      }),
      { numRuns: 60 },
    );
  });

  it.each([
    ['from a sample', undefined],
    ['from a walk of the newest ads', 100],
    ['from a walk too short, then a sample', 3],
  ])('finds the newest page of a word found in many weeks %s', async (_, walk) => {
    // Pages 1 to 4 of 'lamp' newest first with a cap of 5: the threshold comes from a sample,
    // or the page from the newest ads walked.
    process.env.SEARCH_COUNT_CAP = '5';
    process.env.SEARCH_WALK_ROWS = String(walk ?? 0);
    const ids: number[] = [];
    for (const p of [1, 2, 3, 4]) {
      const res = await listAds({ search: 'lamp', limit: 4, page: p }, { walkAlways: walk !== undefined });
      ids.push(...res.ads.map((a) => a.id));
    }
    const newest = [...catalogue].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id).slice(0, 16);
    expect(ids).toEqual(newest.map((a) => a.id));
  });
});
