import { eq, type SQL, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { ads } from '../../api/db/schema/index.ts';
import { AppError } from '../../api/errors.ts';
import { listAds } from '../../api/services/search/list-ads.ts';
import { SEARCH_TIMEOUT_MESSAGE } from '../../api/services/search/search-settings.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// Search beyond the plain list (issue 15): "Best match" order, "Did you mean …?", counts that
// stop at a cap (made tiny here, so no large fixture is needed), and the statement timeout.

const DAY = 24 * 60 * 60 * 1000;
const base = Date.now() - 50 * DAY;
const at = (day: number) => new Date(base + day * DAY);

let furniture: { id: number; slug: string };
let lighting: { id: number; slug: string };
let sellerId: number;

beforeAll(async () => {
  await setupTestDb();
  const { user } = await makeUser({ name: 'Sam Seller' });
  sellerId = user.id;
  furniture = await insertCategory({ name: 'Furniture', slug: 'furniture' });
  lighting = await insertCategory({ name: 'Lighting', slug: 'lighting' });
  await insertCategory({ name: 'Garden', slug: 'garden' });
  const ad = (heading: string, day: number, categoryId: number, description = '') =>
    insertAd({ heading, description, categoryId, userId: user.id, createdAt: at(day), price: day * 10 });
  // "sofa" in the heading of two ads (the older and the newer), in the description of two
  // more: one of them says it three times, and both are newer than the heading matches.
  await ad('Grey sofa', 1, furniture.id);
  await ad('Leather sofa', 3, furniture.id);
  await ad('Red chair', 4, furniture.id, '<p>Matches the sofa, the sofa cushions and any sofa.</p>');
  await ad('Brass floor lamp', 5, lighting.id, '<p>Stood beside our sofa.</p>');
  await ad('Oak table', 6, furniture.id);
  // A word that only an ad the public cannot see holds: never suggested.
  const sold = await ad('Antique wardrobe', 7, furniture.id);
  await db().update(ads).set({ status: 'sold' }).where(eq(ads.id, sold.id));
});

afterEach(() => {
  delete process.env.SEARCH_COUNT_CAP;
  delete process.env.SEARCH_TIMEOUT_MS;
});

const list = (query: string) => call('GET', `/all-ads?${query}`);
const headings = (res: { data: { ads: { heading: string }[] } }) => res.data.ads.map((a) => a.heading);

describe(`search on ${driver}`, () => {
  describe('Best match (sort=relevance)', () => {
    it('puts heading matches before description matches, newer first among equals', async () => {
      const res = await list('search=sofa&sort=relevance');
      expect(res.status).toBe(200);
      expect(res.data.total).toBe(4);
      const order = headings(res);
      expect(order.slice(0, 2)).toEqual(['Leather sofa', 'Grey sofa']);
      expect(new Set(order.slice(2))).toEqual(new Set(['Red chair', 'Brass floor lamp']));
      // Newest first would have been the other way round.
      expect(headings(await list('search=sofa'))).toEqual([
        'Brass floor lamp',
        'Red chair',
        'Leather sofa',
        'Grey sofa',
      ]);
    });

    it('ranks a prefix as the user types it, and pages through the same order', async () => {
      const p1 = await list('search=sof&sort=relevance&limit=2');
      const p2 = await list('search=sof&sort=relevance&limit=2&page=2');
      expect(headings(p1)).toEqual(['Leather sofa', 'Grey sofa']);
      expect(headings(p2)).toHaveLength(2);
      expect(headings(p2)).not.toContain('Grey sofa');
    });

    it('is newest first without search words', async () => {
      const res = await list('sort=relevance&category=furniture');
      expect(headings(res)).toEqual(['Oak table', 'Red chair', 'Leather sofa', 'Grey sofa']);
    });
  });

  describe('Did you mean …?', () => {
    it('suggests the closest catalogue word when a search finds nothing', async () => {
      const res = await list('search=sofaa');
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ total: 0, ads: [], suggestion: 'sofa', message: 'No results found.' });
      const followed = await list(`search=${encodeURIComponent(res.data.suggestion)}`);
      expect(followed.data.total).toBe(4);
    });

    it('replaces only the unknown words of a longer search', async () => {
      const res = await list('search=lether%20sofa');
      expect(res.data.suggestion).toBe('leather sofa');
      expect((await list('search=leather%20sofa')).data.total).toBe(1);
    });

    it('is null when the search finds something, or nothing close exists', async () => {
      expect((await list('search=sofa')).data.suggestion).toBeNull();
      expect((await list('search=qqxxzz')).data.suggestion).toBeNull();
      expect((await list('')).data.suggestion).toBeNull();
      // Every word is known: the combination (or a filter) is what found nothing.
      expect((await list('search=oak%20lamp')).data).toMatchObject({ total: 0, suggestion: null });
    });

    it('never offers a word that only hidden ads hold', async () => {
      const res = await list('search=wardrobee');
      expect(res.data).toMatchObject({ total: 0, suggestion: null });
    });
  });

  describe('capped counts', () => {
    it('counts exactly below the cap', async () => {
      const res = await list('search=sofa&category_counts=1');
      expect(res.data).toMatchObject({ total: 4, totalCapped: false, totalPages: 1 });
      expect(res.data.categoryCounts).toEqual([
        { slug: 'furniture', count: 3, capped: false },
        { slug: 'lighting', count: 1, capped: false },
        { slug: 'garden', count: 0, capped: false },
      ]);
    });

    it('stops counting past SEARCH_COUNT_CAP and says so, the category counts too', async () => {
      process.env.SEARCH_COUNT_CAP = '2';
      const res = await list('search=sofa&limit=1&category_counts=1');
      expect(res.data).toMatchObject({ total: 2, totalCapped: true, totalPages: 2 });
      // Each category is counted up to the same cap: past it "at least", below it exact.
      expect(res.data.categoryCounts).toEqual([
        { slug: 'furniture', count: 2, capped: true },
        { slug: 'lighting', count: 1, capped: false },
        { slug: 'garden', count: 0, capped: false },
      ]);
      // A chosen category still gets its own total, counted like any other.
      const furniture = await list('search=sofa&category=furniture&category_counts=1');
      expect(furniture.data).toMatchObject({ total: 2, totalCapped: true });
      process.env.SEARCH_COUNT_CAP = '3';
      const lighting = await list('search=sofa&category=lighting&category_counts=1');
      expect(lighting.data).toMatchObject({ total: 1, totalCapped: false });
      // Pages past the capped total still serve the matches that are there.
      const p4 = await list('search=sofa&limit=1&page=4');
      expect(p4.data.ads).toHaveLength(1);
      const all = [1, 2, 3, 4].map((p) => list(`search=sofa&limit=1&page=${p}`));
      const seen = (await Promise.all(all)).flatMap(headings);
      expect(new Set(seen).size).toBe(4);
    });

    it('keeps the exact totals the triggers keep when there is no search or price filter', async () => {
      process.env.SEARCH_COUNT_CAP = '2';
      const res = await list('category=furniture');
      expect(res.data).toMatchObject({ total: 4, totalCapped: false });
      expect(res.data.categoryCounts).toBeUndefined();
    });

    it('counts a price range the same way', async () => {
      process.env.SEARCH_COUNT_CAP = '2';
      const res = await list('min_price=10&max_price=40&category=furniture');
      expect(res.data).toMatchObject({ total: 2, totalCapped: true });
      delete process.env.SEARCH_COUNT_CAP;
      expect((await list('min_price=10&max_price=40&category=furniture')).data).toMatchObject({
        total: 3,
        totalCapped: false,
      });
    });

    it('refuses a category_counts value it does not know', async () => {
      const res = await list('category_counts=yes');
      expect(res.status).toBe(400);
      expect(res.data.error).toBe("category_counts must be '1' or '0'.");
    });
  });

  describe('price ranges', () => {
    // Lighting's one ad costs 50, furniture's 10 to 70: a range below 50 or above 70 leaves a
    // category out of the index lookup (categoriesReaching), and must find what it always did.
    it('find the same ads and counts when a category has no ad in the range', async () => {
      const cheap = await list('search=sofa&max_price=45&sort=price-desc&category_counts=1');
      expect(headings(cheap)).toEqual(['Red chair', 'Leather sofa', 'Grey sofa']);
      expect(cheap.data.total).toBe(3);
      const counts = Object.fromEntries(
        (cheap.data.categoryCounts as { slug: string; count: number }[]).map((c) => [c.slug, c.count]),
      );
      expect(counts).toEqual({ furniture: 3, lighting: 0, garden: 0 });

      const lamp = await list('search=sofa&min_price=45&max_price=55');
      expect(headings(lamp)).toEqual(['Brass floor lamp']);
      const none = await list('search=sofa&min_price=1000&category_counts=1');
      expect(none.status).toBe(200);
      expect(none.data.total).toBe(0);
      expect((none.data.categoryCounts as { count: number }[]).every((c) => c.count === 0)).toBe(true);
    });
  });

  describe('cards', () => {
    // A search whose matches are all counted gets its cards from the counting statement (built
    // as JSON in the database); past the cap, from a query of their own; the plain list reads
    // them as rows. Each path must answer every field of a card alike.
    it('are the same whichever way a search reads them', async () => {
      const extra = await insertAd({
        heading: 'Walnut sofa table',
        categoryId: furniture.id,
        userId: sellerId,
        price: 1234567.89,
        description: '<p>Quotes "and" \\ backslashes, ünïcödé — and a tab\there.</p>',
        location: 'Köln',
        image: 'walnut.webp',
        makeAsFeatured: 'Y',
        rating: 5,
      });
      // A creation time with microseconds, which a JavaScript date cannot hold.
      await db().execute(
        sql`UPDATE ads SET created_at = created_at + interval '789 microseconds' WHERE id = ${extra.id}`,
      );
      const plain = (await list('limit=50')).data.ads as { id: number; heading: string }[];
      const byId = new Map(plain.map((a) => [a.id, a]));
      for (const query of ['search=sofa', 'search=sofa&sort=relevance', 'search=sofa&sort=price-desc']) {
        for (const cap of ['1000', '1']) {
          process.env.SEARCH_COUNT_CAP = cap;
          const found = (await list(query)).data.ads as { id: number }[];
          expect(found.length, `${query} cap ${cap}`).toBeGreaterThan(0);
          for (const card of found) expect(card, `${query} cap ${cap}`).toEqual(byId.get(card.id));
        }
      }
    });
  });

  describe('statement timeout', () => {
    it('answers a search that runs too long with a clear 503, quickly', async () => {
      let extraCondition: SQL;
      if (driver === 'postgres') {
        // A really slow statement: PostgreSQL cancels it at SEARCH_TIMEOUT_MS.
        process.env.SEARCH_TIMEOUT_MS = '100';
        extraCondition = sql`pg_sleep(1) IS NOT NULL`;
      } else {
        // PGlite cannot interrupt a running statement (no timers in WebAssembly): the forced
        // query raises the very error PostgreSQL's timeout raises.
        await db().execute(
          sql.raw(`CREATE OR REPLACE FUNCTION search_test_timeout() RETURNS boolean LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'canceling statement due to statement timeout' USING ERRCODE = '57014'; END $$`),
        );
        extraCondition = sql`search_test_timeout()`;
      }
      // The condition reaches the search through listAds' hooks, so the search is called as the
      // route calls it: its error is what api/app.ts answers (503, the message, Retry-After).
      const started = performance.now();
      const error = await listAds({ page: 1, limit: 20, search: 'sofa' }, { extraCondition }).catch((e: unknown) => e);
      expect(performance.now() - started).toBeLessThan(900);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(503);
      expect(error).toMatchObject({ message: SEARCH_TIMEOUT_MESSAGE, headers: { 'Retry-After': '5' } });
      // The next search is served normally.
      expect((await list('search=sofa')).status).toBe(200);
    });
  });
});
