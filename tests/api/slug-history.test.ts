import { beforeAll, describe, expect, it } from 'vitest';
import { movedCategorySlug } from '../../api/services/categories/moved-category-slug.ts';
import { insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

let category: { id: number; slug: string; name: string };

beforeAll(async () => {
  await setupTestDb();
  category = await insertCategory({ name: 'Bikes', slug: 'bikes' });
});

function adForm(values: Record<string, string>) {
  const form = new FormData();
  const fields: Record<string, string> = {
    heading: 'Red city bike',
    description: '<p>Rides well.</p>',
    category: category.slug,
    price: '120',
    rating: '4',
    location: 'Oslo',
    features: '[]',
    make_as_featured: 'N',
    ...values,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

async function createAd(token: string, heading: string) {
  const res = await call('POST', '/ads/add', { token, form: adForm({ heading }) });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data.adsData as { id: number; slug: string };
}

async function rename(token: string, id: number, heading: string) {
  const res = await call('POST', '/ads/update', { token, form: adForm({ id: String(id), heading }) });
  expect(res.status, JSON.stringify(res.data)).toBe(200);
  return res.data.adsData as { id: number; slug: string };
}

describe(`links that last on ${driver}`, () => {
  it('answers an old ad slug with 301 to the current one, through every rename', async () => {
    const { token } = await makeUser({ subscription: 'gold' });
    const ad = await createAd(token, 'Blue touring bike');
    expect(ad.slug).toBe('blue-touring-bike');
    const renamed = await rename(token, ad.id, 'Blue touring bike, 28 inch');
    expect(renamed.slug).toBe('blue-touring-bike-28-inch');
    const again = await rename(token, ad.id, 'Blue touring bike with bags');

    for (const old of ['blue-touring-bike', 'blue-touring-bike-28-inch']) {
      const res = await call('GET', `/ads-by-slug/${old}`);
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(`/api/ads-by-slug/${again.slug}`);
    }
    const current = await call('GET', `/ads-by-slug/${again.slug}`);
    expect(current.status).toBe(200);
    expect(current.data.adsData.id).toBe(ad.id);
    // Unknown slugs stay 404.
    expect((await call('GET', '/ads-by-slug/never-was-a-bike')).status).toBe(404);
  });

  it('never gives an old slug to another ad, and the ad can take its own old slug back', async () => {
    const { token } = await makeUser({ subscription: 'gold' });
    const ad = await createAd(token, 'Green gravel bike');
    await rename(token, ad.id, 'Green gravel bike sold with lights');
    const newcomer = await createAd(token, 'Green gravel bike');
    expect(newcomer.slug).toBe('green-gravel-bike-2');
    const old = await call('GET', '/ads-by-slug/green-gravel-bike');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/api/ads-by-slug/green-gravel-bike-sold-with-lights');

    // Renaming back: the ad gets its old address again and the history no longer points away.
    const back = await rename(token, ad.id, 'Green gravel bike');
    expect(back.slug).toBe('green-gravel-bike');
    const res = await call('GET', '/ads-by-slug/green-gravel-bike');
    expect(res.status).toBe(200);
    expect(res.data.adsData.id).toBe(ad.id);
    const other = await call('GET', '/ads-by-slug/green-gravel-bike-sold-with-lights');
    expect(other.status).toBe(301);
    expect(other.headers.get('location')).toBe('/api/ads-by-slug/green-gravel-bike');
  });

  it('keeps a renamed category slug leading to the category, and no other category may take it', async () => {
    const { token } = await makeUser({ role: 'admin' });
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.append(k, v);
      return f;
    };
    const cat = await insertCategory({ name: 'Garden', slug: 'garden' });
    const edit = await call('POST', '/category/add-edit', {
      token,
      form: form({ id: String(cat.id), name: 'Garden & Patio', slug: 'garden-patio' }),
    });
    expect(edit.status, JSON.stringify(edit.data)).toBe(200);
    expect(await movedCategorySlug('garden')).toBe('garden-patio');
    expect(await movedCategorySlug('garden-patio')).toBeNull();

    const taken = await call('POST', '/category/add-edit', { token, form: form({ name: 'Garden', slug: 'garden' }) });
    expect(taken.status).toBe(409);

    // The category itself may go back to its old slug.
    const back = await call('POST', '/category/add-edit', {
      token,
      form: form({ id: String(cat.id), name: 'Garden', slug: 'garden' }),
    });
    expect(back.status).toBe(200);
    expect(await movedCategorySlug('garden')).toBeNull();
    expect(await movedCategorySlug('garden-patio')).toBe('garden');
  });
});
