import { beforeAll, describe, expect, it } from 'vitest';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

const DAY = 24 * 60 * 60 * 1000;
const base = Date.now() - 100 * DAY;
const at = (day: number) => new Date(base + day * DAY);

let electronics: { id: number; slug: string };
let phones: { id: number; slug: string };
let estate: { id: number; slug: string };
let empty: { id: number; slug: string };
let camera: { id: number; slug: string };
const FILLERS = 20;
const TOTAL = FILLERS + 5;

beforeAll(async () => {
  await setupTestDb();
  const { user } = await makeUser({ name: 'Sara Seller' });
  electronics = await insertCategory({ name: 'Electronics', slug: 'electronics' });
  phones = await insertCategory({ name: 'Mobile Phones', slug: 'mobile-phones' });
  estate = await insertCategory({ name: 'Real Estate', slug: 'real-estate' });
  empty = await insertCategory({ name: 'Garden Tools', slug: 'garden-tools' });
  // 20 plain electronics ads, prices 10..200, days 1..20.
  for (let i = 1; i <= FILLERS; i++) {
    await insertAd({
      heading: `Filler item ${i}`,
      categoryId: electronics.id,
      userId: user.id,
      price: i * 10,
      location: 'Drammen',
      createdAt: at(i),
    });
  }
  camera = await insertAd({
    heading: 'Vintage camera Canon AE-1',
    slug: 'vintage-camera-canon-ae-1',
    categoryId: electronics.id,
    userId: user.id,
    price: 155,
    location: 'Oslo',
    description: '<p>Film camera in <strong>mint</strong> condition&nbsp;with strap.</p>',
    image: 'camera.webp',
    galleryImages: ['camera-2.webp', 'camera-3.webp'],
    features: JSON.stringify([
      { id: 1, value: '50mm lens' },
      { id: 2, value: 'Original box' },
    ]),
    makeAsFeatured: 'Y',
    rating: 5,
    createdAt: at(21),
  });
  await insertAd({
    heading: 'iPhone 13 Pro 256GB',
    categoryId: phones.id,
    userId: user.id,
    price: 700,
    location: 'Bergen',
    createdAt: at(22),
  });
  await insertAd({
    heading: 'Samsung Galaxy S21',
    categoryId: phones.id,
    userId: user.id,
    price: 450,
    location: 'Oslo',
    createdAt: at(23),
  });
  await insertAd({
    heading: 'Cozy apartment in the city centre',
    categoryId: estate.id,
    userId: user.id,
    price: 250000,
    location: 'Trondheim',
    description: '<p>Two bedrooms, a <em>sunny</em> balcony and a view.</p>',
    createdAt: at(24),
  });
  await insertAd({
    heading: 'Gaming laptop',
    categoryId: electronics.id,
    userId: user.id,
    price: 1200,
    location: 'Stavanger',
    description: '<p>RTX graphics, 32 GB memory.</p>',
    createdAt: at(25),
  });
});

const list = (query = '') => call('GET', `/all-ads${query ? `?${query}` : ''}`);
const headings = (res: { data: { ads: { heading: string }[] } }) => res.data.ads.map((a) => a.heading);
const prices = (res: { data: { ads: { price: number }[] } }) => res.data.ads.map((a) => a.price);

describe(`the public ad list on ${driver}`, () => {
  it('answers without a token with the first 10 ads, newest first, and the totals', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ success: true, total: TOTAL, totalPages: 3 });
    expect(typeof res.data.message).toBe('string');
    expect(res.data.ads).toHaveLength(10);
    expect(headings(res).slice(0, 3)).toEqual([
      'Gaming laptop',
      'Cozy apartment in the city centre',
      'Samsung Galaxy S21',
    ]);
    const times = res.data.ads.map((a: { created_at: string }) => new Date(a.created_at).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('gives each ad the card fields, with the category as a name and a slug', async () => {
    const res = await list('search=vintage');
    expect(res.data.ads).toHaveLength(1);
    expect(res.data.ads[0]).toMatchObject({
      id: camera.id,
      slug: 'vintage-camera-canon-ae-1',
      heading: 'Vintage camera Canon AE-1',
      price: 155,
      category: 'Electronics',
      category_slug: 'electronics',
      location: 'Oslo',
      image: 'camera.webp',
      make_as_featured: 'Y',
      rating: 5,
    });
    expect(res.data.ads[0].description).toContain('mint');
    expect(Number.isNaN(Date.parse(res.data.ads[0].created_at))).toBe(false);
  });

  describe('pagination', () => {
    it('serves later pages and a shorter last page', async () => {
      const p2 = await list('page=2');
      expect(p2.data.ads).toHaveLength(10);
      const p3 = await list('page=3');
      expect(p3.data.ads).toHaveLength(TOTAL - 20);
      expect(p3.data.totalPages).toBe(3);
      const all = [...headings(await list('page=1')), ...headings(p2), ...headings(p3)];
      expect(new Set(all).size).toBe(TOTAL);
    });

    it('answers a page past the end with no ads but the real totals', async () => {
      const res = await list('page=4');
      expect(res.status).toBe(200);
      expect(res.data.ads).toEqual([]);
      expect(res.data.total).toBe(TOTAL);
      const searched = await list('search=filler&page=3');
      expect(searched.data).toMatchObject({ ads: [], total: FILLERS, totalPages: 2 });
    });

    it('pages through search results newest first and by price', async () => {
      const p1 = await list('search=filler');
      const p2 = await list('search=filler&page=2');
      expect(headings(p1)[0]).toBe('Filler item 20');
      expect([...headings(p1), ...headings(p2)]).toEqual(
        Array.from({ length: FILLERS }, (_, i) => `Filler item ${FILLERS - i}`),
      );
      const cheap = await list('search=filler&sort=price-asc&limit=3');
      expect(prices(cheap)).toEqual([10, 20, 30]);
    });

    it('honours a smaller limit', async () => {
      const res = await list('limit=5&page=5');
      expect(res.data.ads).toHaveLength(5);
      expect(res.data.totalPages).toBe(5);
    });

    it('clamps a huge limit to 100', async () => {
      const res = await list('limit=10000');
      expect(res.status).toBe(200);
      expect(res.data.ads).toHaveLength(TOTAL);
      expect(res.data.limit).toBe(100);
      expect(res.data.totalPages).toBe(1);
    });

    it.each([
      ['page=0', 'page must be a whole number of at least 1.'],
      ['page=-1', 'page must be a whole number of at least 1.'],
      ['page=abc', 'page must be a whole number of at least 1.'],
      ['page=1.5', 'page must be a whole number of at least 1.'],
      ['page=99999999999', 'page must be at most 100000.'],
      ['limit=0', 'limit must be a whole number of at least 1.'],
      ['limit=ten', 'limit must be a whole number of at least 1.'],
    ])('refuses %s with a 400 naming the parameter', async (query, message) => {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ success: false, error: message, message });
    });

    it('treats empty page and limit as the defaults', async () => {
      const res = await list('page=&limit=');
      expect(res.status).toBe(200);
      expect(res.data.ads).toHaveLength(10);
    });
  });

  describe('sorting', () => {
    it('sorts by lowest price', async () => {
      const res = await list('sort=price-asc&limit=100');
      expect(prices(res)).toEqual([...prices(res)].sort((a, b) => a - b));
      expect(prices(res)[0]).toBe(10);
    });

    it('sorts by highest price', async () => {
      const res = await list('sort=price-desc');
      expect(prices(res).slice(0, 3)).toEqual([250000, 1200, 700]);
    });

    it('pages through a price sort without repeats', async () => {
      const a = await list('sort=price-asc&page=1');
      const b = await list('sort=price-asc&page=2');
      const c = await list('sort=price-asc&page=3');
      const all = [...prices(a), ...prices(b), ...prices(c)];
      expect(all).toHaveLength(TOTAL);
      expect(all).toEqual([...all].sort((x, y) => x - y));
    });

    it('refuses an unknown sort with a 400', async () => {
      const res = await list(`sort=${encodeURIComponent('drop table ads')}`);
      expect(res.status).toBe(400);
      expect(res.data.error).toBe("sort must be empty, 'price-asc', 'price-desc', 'relevance' or 'distance'.");
    });
  });

  describe('price filter', () => {
    it('keeps prices between min and max, both inclusive', async () => {
      const res = await list('min_price=150&max_price=700&limit=100');
      expect(prices(res).sort((a, b) => a - b)).toEqual([150, 155, 160, 170, 180, 190, 200, 450, 700]);
      expect(res.data.total).toBe(9);
    });

    it('works with only a minimum or only a maximum', async () => {
      expect((await list('min_price=1000')).data.total).toBe(2);
      expect((await list('max_price=30')).data.total).toBe(3);
      expect((await list('max_price=0')).data.total).toBe(0);
    });

    it('accepts decimals and ignores empty values', async () => {
      expect((await list('min_price=154.5&max_price=155.5')).data.total).toBe(1);
      expect((await list('min_price=&max_price=')).data.total).toBe(TOTAL);
    });

    it.each([
      ['min_price=500&max_price=100', 'min_price cannot be more than max_price.'],
      ['min_price=cheap', 'min_price must be a number of at least 0.'],
      ['min_price=-5', 'min_price must be a number of at least 0.'],
      ['max_price=lots', 'max_price must be a number of at least 0.'],
      ['max_price=Infinity', 'max_price must be a number of at least 0.'],
      ['max_price=1e40', 'max_price must be a number of at least 0.'],
    ])('refuses %s with a 400', async (query, message) => {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(res.data.error).toBe(message);
    });
  });

  describe('category filter', () => {
    it('keeps only the chosen category, by slug', async () => {
      const res = await list('category=mobile-phones');
      expect(res.data.total).toBe(2);
      expect(res.data.ads.every((a: { category: string }) => a.category === 'Mobile Phones')).toBe(true);
    });

    it("reads '' and 'all' as every category", async () => {
      expect((await list('category=')).data.total).toBe(TOTAL);
      expect((await list('category=all')).data.total).toBe(TOTAL);
    });

    it('answers an unknown or empty category with no ads', async () => {
      const unknown = await list('category=no-such-thing');
      expect(unknown.status).toBe(200);
      expect(unknown.data).toMatchObject({ ads: [], total: 0, totalPages: 0 });
      expect((await list(`category=${empty.slug}`)).data.total).toBe(0);
    });
  });

  describe('search', () => {
    it('finds a word in the heading, whatever its case', async () => {
      expect(headings(await list('search=CAMERA'))).toEqual(['Vintage camera Canon AE-1']);
    });

    it('matches the last word as a prefix while the user types', async () => {
      expect(headings(await list('search=cam'))).toEqual(['Vintage camera Canon AE-1']);
      expect(headings(await list('search=samsung%20gal'))).toEqual(['Samsung Galaxy S21']);
    });

    it('needs every word to match', async () => {
      expect(headings(await list('search=gaming%20laptop'))).toEqual(['Gaming laptop']);
      expect((await list('search=gaming%20apartment')).data.total).toBe(0);
    });

    it('searches the description text but not its markup', async () => {
      expect(headings(await list('search=balcony'))).toEqual(['Cozy apartment in the city centre']);
      expect(headings(await list('search=rtx'))).toEqual(['Gaming laptop']);
      expect((await list('search=strong')).data.total).toBe(0);
      expect(headings(await list('search=sunny'))).toEqual(['Cozy apartment in the city centre']);
    });

    it('searches the location', async () => {
      expect(headings(await list('search=bergen'))).toEqual(['iPhone 13 Pro 256GB']);
      expect((await list('search=oslo')).data.total).toBe(2);
    });

    it('finds every ad of a category whose name matches', async () => {
      const res = await list('search=phones');
      expect(res.data.total).toBe(2);
      expect(headings(await list('search=real%20estate'))).toEqual(['Cozy apartment in the city centre']);
    });

    it('combines a category-name word with a text word', async () => {
      expect(headings(await list('search=estate%20balcony'))).toEqual(['Cozy apartment in the city centre']);
      expect(headings(await list('search=phones%20bergen'))).toEqual(['iPhone 13 Pro 256GB']);
      expect((await list('search=estate%20laptop')).data.total).toBe(0);
    });

    it('treats query syntax and odd characters as plain text, never a 500', async () => {
      for (const s of [
        "cam' & !(",
        'a:*|b',
        '\\',
        '%',
        '<script>',
        '); DROP TABLE ads;--',
        '\u0000cam',
        'ñandú',
        '💥',
      ]) {
        const res = await list(`search=${encodeURIComponent(s)}`);
        expect(res.status, s).toBe(200);
        expect(res.data.success, s).toBe(true);
      }
      expect(headings(await list(`search=${encodeURIComponent("cam' & !(")}`))).toEqual(['Vintage camera Canon AE-1']);
    });

    it('ignores a search that has no words in it', async () => {
      expect((await list('search=%21%21%21')).data.total).toBe(TOTAL);
      expect((await list('search=%20%20')).data.total).toBe(TOTAL);
    });
  });

  it('combines search, category, price and sort', async () => {
    const res = await list('search=filler&category=electronics&min_price=50&max_price=120&sort=price-desc');
    expect(prices(res)).toEqual([120, 110, 100, 90, 80, 70, 60, 50]);
    expect(res.data.total).toBe(8);
  });

  it('refuses a repeated parameter with a 400, never a 500', async () => {
    const res = await list('page=1&page=2');
    expect(res.status).toBe(400);
    expect(res.data.success).toBe(false);
    const nul = await list(`category=${encodeURIComponent('\u0000')}`);
    expect(nul.status).toBe(200);
  });
});

describe(`an ad by slug on ${driver}`, () => {
  it('answers a visitor with the ad, its seller, gallery and features as JSON text', async () => {
    const res = await call('GET', '/ads-by-slug/vintage-camera-canon-ae-1');
    expect(res.status).toBe(200);
    expect(res.data.success).toBe(true);
    const ad = res.data.adsData;
    expect(ad).toMatchObject({
      id: camera.id,
      slug: 'vintage-camera-canon-ae-1',
      heading: 'Vintage camera Canon AE-1',
      price: 155,
      category: 'Electronics',
      category_slug: 'electronics',
      location: 'Oslo',
      image: 'camera.webp',
      make_as_featured: 'Y',
      rating: 5,
      user: { name: 'Sara Seller' },
    });
    expect(JSON.parse(ad.galleryimages)).toEqual(['camera-2.webp', 'camera-3.webp']);
    expect(JSON.parse(ad.features)).toEqual([
      { id: 1, value: '50mm lens' },
      { id: 2, value: 'Original box' },
    ]);
    expect(ad.description).toBe('<p>Film camera in <strong>mint</strong> condition with strap.</p>');
    expect(ad.user.email).toBeUndefined();
  });

  it('lists up to 8 related ads of the same category, never the ad itself', async () => {
    const res = await call('GET', '/ads-by-slug/vintage-camera-canon-ae-1');
    const related = res.data.releatedAds;
    expect(related).toHaveLength(8);
    for (const r of related) {
      expect(Object.keys(r)).toEqual(expect.arrayContaining(['image', 'price', 'heading', 'slug']));
      expect(r.slug).not.toBe('vintage-camera-canon-ae-1');
      // Each card's own category, seller, featured flag and condition rating (not fixed texts).
      expect(r).toMatchObject({ category: 'Electronics', user: { name: 'Sara Seller' } });
      expect(['Y', 'N']).toContain(r.make_as_featured);
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.user.email).toBeUndefined();
    }
    const slugs = new Set(related.map((r: { slug: string }) => r.slug));
    const electronicsAds = await list('category=electronics&limit=100');
    const electronicsSlugs = new Set(electronicsAds.data.ads.map((a: { slug: string }) => a.slug));
    for (const s of slugs) expect(electronicsSlugs.has(s)).toBe(true);
  });

  it('has no related ads when the ad is alone in its category', async () => {
    const list1 = await list('category=real-estate');
    const res = await call('GET', `/ads-by-slug/${list1.data.ads[0].slug}`);
    expect(res.data.releatedAds).toEqual([]);
  });

  it('answers an unknown slug with 404 and an error', async () => {
    const res = await call('GET', '/ads-by-slug/no-such-ad');
    expect(res.status).toBe(404);
    expect(res.data).toMatchObject({ success: false, error: 'Ad not found.' });
    const odd = await call('GET', `/ads-by-slug/${encodeURIComponent("x'; drop table ads;--\u0000")}`);
    expect(odd.status).toBe(404);
  });

  it('reads broken features text as no features', async () => {
    const { user } = await makeUser();
    const ad = await insertAd({
      heading: 'Odd features',
      categoryId: estate.id,
      userId: user.id,
      features: 'not json',
    });
    const res = await call('GET', `/ads-by-slug/${ad.slug}`);
    expect(res.status).toBe(200);
    expect(res.data.adsData.features).toBe('[]');
    expect(res.data.adsData.galleryimages).toBe('[]');
  });
});
