import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { places, siteSettings } from '../../api/db/schema/index.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// Search near a place (GET /api/all-ads near, radius_km, sort=distance) and ads with a place
// (place_id on createAd/updateAd), on both databases. Distances are checked against a
// haversine computed here, independently of the site's.

type TPlace = { id: number; lat: number; lon: number };
type TCard = { id: number; heading: string; distance_km?: number; place?: TPlace & { label: string; slug: string } };

const R = 6371.0088;
function haversine(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

async function place(name: string, region: string): Promise<TPlace> {
  const [p] = await db()
    .select({ id: places.id, lat: places.latitude, lon: places.longitude })
    .from(places)
    .where(and(eq(places.name, name), eq(places.region, region)))
    .orderBy(places.population)
    .limit(1);
  if (!p) throw new Error(`no place ${name}, ${region}`);
  return p;
}

let category = '';
let seller: Awaited<ReturnType<typeof makeUser>>;
let richmond: TPlace;
let petersburg: TPlace;
let williamsburg: TPlace;
let losAngeles: TPlace;
const slugs: Record<string, string> = {};

const list = async (query: string) => {
  const res = await call('GET', `/all-ads?category=${category}&limit=100&${query}`);
  expect(res.status, JSON.stringify(res.data)).toBe(200);
  return res.data as {
    ads: TCard[];
    total: number;
    totalCapped: boolean;
    categoryCounts?: { slug: string; count: number }[];
  };
};
const headings = (cards: TCard[]) => cards.map((c) => c.heading).sort();

beforeAll(async () => {
  await setupTestDb();
  await db()
    .insert(siteSettings)
    .values({ id: 1, freenumberads: 100 })
    .onConflictDoUpdate({
      target: siteSettings.id,
      set: { freenumberads: 100 },
    });
  const c = await insertCategory({ name: 'Nearby furniture', slug: `nearby-${driver}` });
  category = c!.slug;
  seller = await makeUser({ name: 'Nina Near' });
  richmond = await place('Richmond', 'Virginia');
  petersburg = await place('Petersburg', 'Virginia');
  williamsburg = await place('Williamsburg', 'Virginia');
  losAngeles = await place('Los Angeles', 'California');
  const at = [
    ['Richmond sofa', richmond, 300],
    ['Richmond armchair', richmond, 80],
    ['Petersburg sofa', petersburg, 150],
    ['Williamsburg sofa', williamsburg, 500],
    ['Los Angeles sofa', losAngeles, 200],
  ] as const;
  for (const [heading, p, price] of at) {
    const ad = await insertAd({ heading, categoryId: c!.id, userId: seller.user.id, price, placeId: p.id });
    slugs[heading] = ad!.slug;
  }
  // An ad whose text names no place keeps working without one.
  await insertAd({ heading: 'Somewhere sofa', categoryId: c!.id, userId: seller.user.id, location: 'Nowhere Creek' });
});

describe(`near search on ${driver}`, () => {
  it('keeps ads within the radius (25 km by default), each with its distance', async () => {
    const near = await list(`near=${richmond.id}`);
    expect(headings(near.ads)).toEqual(['Richmond armchair', 'Richmond sofa']);
    expect(near.total).toBe(2);
    for (const card of near.ads) {
      expect(card.place).toMatchObject({ id: richmond.id, label: 'Richmond, Virginia, US' });
      expect(card.distance_km).toBe(0);
    }
    const wider = await list(`near=${richmond.id}&radius_km=100&sort=distance`);
    expect(wider.ads.map((c) => c.heading)).toEqual([
      'Richmond armchair',
      'Richmond sofa',
      'Petersburg sofa',
      'Williamsburg sofa',
    ]);
    for (const card of wider.ads) {
      expect(card.distance_km).toBeCloseTo(haversine(richmond, card.place!), 1);
    }
    expect(wider.total).toBe(4);
  });

  it('puts the radius edge exactly at the distance', async () => {
    const d = haversine(richmond, petersburg);
    const outside = await list(`near=${richmond.id}&radius_km=${Math.floor(d * 100) / 100 - 0.01}`);
    expect(headings(outside.ads)).not.toContain('Petersburg sofa');
    const inside = await list(`near=${richmond.id}&radius_km=${Math.ceil(d * 100) / 100 + 0.01}`);
    expect(headings(inside.ads)).toContain('Petersburg sofa');
  });

  it('measures from a position as well as from a place', async () => {
    const point = await list(`near=${williamsburg.lat},${williamsburg.lon}&radius_km=5`);
    expect(headings(point.ads)).toEqual(['Williamsburg sofa']);
    expect(point.ads[0]!.distance_km).toBeCloseTo(0, 1);
  });

  it('combines with keywords, prices, sorts and the category counts', async () => {
    const sofas = await list(`near=${richmond.id}&radius_km=100&search=sofa&sort=price-asc`);
    expect(sofas.ads.map((c) => c.heading)).toEqual(['Petersburg sofa', 'Richmond sofa', 'Williamsburg sofa']);
    // Nearest first with words: sorted from every match, or over ads past the count cap.
    const nearest = ['Richmond sofa', 'Petersburg sofa', 'Williamsburg sofa'];
    const byDistance = await list(`near=${richmond.id}&radius_km=100&search=sofa&sort=distance`);
    expect(byDistance.ads.map((c) => c.heading)).toEqual(nearest);
    process.env.SEARCH_COUNT_CAP = '1';
    try {
      const capped = await call(
        'GET',
        `/all-ads?category=${category}&near=${richmond.id}&radius_km=100&search=sofa&sort=distance&limit=2&page=2`,
      );
      expect(capped.data.ads.map((c: TCard) => c.heading)).toEqual(nearest.slice(2));
      expect(capped.data.totalCapped).toBe(true);
    } finally {
      delete process.env.SEARCH_COUNT_CAP;
    }
    const cheap = await list(`near=${richmond.id}&radius_km=100&max_price=200&category_counts=1`);
    expect(headings(cheap.ads)).toEqual(['Petersburg sofa', 'Richmond armchair']);
    expect(cheap.total).toBe(2);
    expect(cheap.categoryCounts?.find((x) => x.slug === category)?.count).toBe(2);
    const all = await call('GET', `/all-ads?near=${richmond.id}&radius_km=100&category_counts=1&search=sofa`);
    expect(all.data.categoryCounts.find((x: { slug: string }) => x.slug === category).count).toBe(3);
  });

  it('refuses what it cannot understand with a clear 400', async () => {
    const cases: [string, RegExp][] = [
      ['near=2147483000', /near names no place/],
      ['near=somewhere', /near must be a place id/],
      ['near=91,10', /near must be a place id/],
      [`near=${richmond.id}&radius_km=0`, /radius_km must be a number from 1 to 500/],
      [`near=${richmond.id}&radius_km=501`, /radius_km must be a number from 1 to 500/],
      ['sort=distance', /sort=distance needs near/],
    ];
    for (const [query, message] of cases) {
      const res = await call('GET', `/all-ads?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.data).toMatchObject({ success: false });
      expect(res.data.message).toMatch(message);
    }
  });

  it('leaves the answer without near as it was, with the place where an ad has one', async () => {
    const plain = await list('');
    expect(plain.total).toBe(6);
    expect(plain.ads.every((c) => c.distance_km === undefined)).toBe(true);
    const nowhere = plain.ads.find((c) => c.heading === 'Somewhere sofa')!;
    expect(nowhere.place).toBeUndefined();
    expect(Object.keys(nowhere).sort()).toEqual(
      [
        'category',
        'category_slug',
        'created_at',
        'description',
        'heading',
        'id',
        'image',
        'location',
        'make_as_featured',
        'price',
        'rating',
        'slug',
        'status',
      ].sort(),
    );
    const page = await call('GET', `/ads-by-slug/${slugs['Richmond sofa']}`);
    expect(page.data.adsData.place).toMatchObject({ id: richmond.id, label: 'Richmond, Virginia, US' });
  });
});

describe(`ads with a place on ${driver}`, () => {
  const form = (values: Record<string, string>) => {
    const f = new FormData();
    const fields: Record<string, string> = {
      heading: 'Corner sofa',
      description: '<p>Grey, seats four.</p>',
      category,
      price: '250',
      rating: '4',
      location: 'Richmond, VA',
      features: '[]',
      make_as_featured: 'N',
      ...values,
    };
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    return f;
  };

  it('takes a chosen place, or finds the one the location names, and refuses an unknown one', async () => {
    const chosen = await call('POST', '/ads/add', {
      token: seller.token,
      form: form({ place_id: String(petersburg.id), location: 'Near the station' }),
    });
    expect(chosen.status, JSON.stringify(chosen.data)).toBe(201);
    expect(chosen.data.adsData.location).toBe('Near the station');
    expect(chosen.data.adsData.place).toMatchObject({ id: petersburg.id, label: 'Petersburg, Virginia, US' });

    const named = await call('POST', '/ads/add', { token: seller.token, form: form({ heading: 'Blue sofa' }) });
    expect(named.status).toBe(201);
    expect(named.data.adsData.place).toMatchObject({ id: richmond.id });

    const unknown = await call('POST', '/ads/add', {
      token: seller.token,
      form: form({ heading: 'Lost sofa', place_id: '2147483000' }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.data.message).toBe('Please choose a place from the list.');
    // The legacy rule still holds: the location text is required.
    const noText = await call('POST', '/ads/add', {
      token: seller.token,
      form: form({ heading: 'Quiet sofa', location: '', place_id: String(richmond.id) }),
    });
    expect(noText.status).toBe(400);
    expect(noText.data.message).toBe('Please enter location.');

    // An edit that sends place_id empty clears the place; one that keeps the text keeps it.
    const id = String(chosen.data.adsData.id);
    const kept = await call('POST', '/ads/update', {
      token: seller.token,
      form: form({ id, heading: 'Corner sofa', location: 'Near the station' }),
    });
    expect(kept.status, JSON.stringify(kept.data)).toBe(200);
    expect(kept.data.adsData.place).toMatchObject({ id: petersburg.id });
    const cleared = await call('POST', '/ads/update', {
      token: seller.token,
      form: form({ id, heading: 'Corner sofa', location: 'Near the station', place_id: '' }),
    });
    expect(cleared.data.adsData.place).toBeUndefined();
  });
});
