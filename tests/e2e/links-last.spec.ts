import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';

/** A new customer, signed in through the API (the session cookie is shared with the page). */
async function signUp(page: Page) {
  const email = `links-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const res = await page.request.post('/api/user/signup', {
    data: { name: 'Lena Links', email, password: 'secret123', cpassword: 'secret123' },
  });
  expect(res.ok()).toBe(true);
}

const fields = (heading: string, price = '0') => ({
  heading,
  description: '<p>Solid oak, seats six.</p>',
  category: 'furniture',
  price,
  rating: '4',
  location: 'Bergen',
  features: '[]',
  make_as_featured: 'N',
});

test('an old ad link lands on the new address after a title edit, and the page shows real card data', async ({
  page,
}) => {
  await signUp(page);
  const stamp = Date.now().toString(36);
  const add = await page.request.post('/api/ads/add', { multipart: fields(`Oak table ${stamp}`) });
  expect(add.status()).toBe(201);
  const ad = (await add.json()).adsData as { id: number; slug: string };
  const upd = await page.request.post('/api/ads/update', {
    multipart: { ...fields(`Oak dining table ${stamp}`), id: String(ad.id) },
  });
  expect(upd.status()).toBe(200);
  const current = (await upd.json()).adsData.slug as string;
  expect(current).not.toBe(ad.slug);

  // The old address answers 301 to the new one…
  const raw = await page.request.get(`/add-details/${ad.slug}`, { maxRedirects: 0 });
  expect(raw.status()).toBe(301);
  expect(raw.headers().location).toBe(`/add-details/${current}`);
  // …and in the browser the old link lands on the ad.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/add-details/${ad.slug}`);
    await expect(page).toHaveURL(new RegExp(`/add-details/${current}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Oak dining table ${stamp}`);
    // A price of 0 reads Free; the rating is labelled as the seller's condition rating.
    await expect(page.getByText('Free', { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId('condition-rating')).toContainText("Seller's condition rating");
    await expect(page.getByTestId('condition-rating').getByRole('img', { name: 'Condition 4 of 5' })).toBeVisible();
    const related = page.getByRole('region', { name: 'Related Ads' });
    if ((await related.count()) > 0) {
      await related.scrollIntoViewIfNeeded();
      await expect(related.getByText('Jonathan Doe')).toHaveCount(0);
      await expect(related.getByText('By ', { exact: false }).first()).toBeVisible();
      await expect(related.getByRole('img', { name: /^Condition [1-5] of 5$/ }).first()).toBeAttached();
    }
    await page.screenshot({ path: `/tmp/shots-links/links-last-ad-${width}.png` });
    if ((await related.count()) > 0)
      await related.screenshot({ path: `/tmp/shots-links/links-last-related-${width}.png` });

    // The result list: the new ad says how long ago it was posted, in <time datetime>.
    await page.goto(`/?psearchKeyword=${encodeURIComponent(`Oak dining table ${stamp}`)}`);
    const card = page.getByRole('article').filter({ hasText: `Oak dining table ${stamp}` });
    await expect(card.locator('time')).toHaveText(/^(just now|[0-9]+ minutes? ago)$/);
    await expect(card.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    await expect(card.getByText('Free', { exact: true })).toBeVisible();
    await page.goto('/');
    await page.screenshot({ path: `/tmp/shots-links/links-last-list-${width}.png` });
  }
  // Other specs count the demo ads: this one goes again.
  expect((await page.request.delete(`/api/ads/${ad.id}`)).status()).toBe(200);
});

test("an old category link answers 301 to the same list under the category's new slug", async ({ page }) => {
  const login = await page.request.post('/api/user/login', {
    data: { email: 'admin@example.com', password: 'admin123' },
  });
  const { token } = await login.json();
  const headers = { authorization: `Bearer ${token}` };
  const stamp = Date.now().toString(36);
  const buffer = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const add = await page.request.post('/api/category/add-edit', {
    headers,
    multipart: {
      name: `Kayaks ${stamp}`,
      slug: `kayaks-${stamp}`,
      image: { name: 'k.png', mimeType: 'image/png', buffer },
    },
  });
  expect(add.status(), await add.text()).toBe(201);
  const id = (await add.json()).data.id as number;
  const edit = await page.request.post('/api/category/add-edit', {
    headers,
    multipart: { id: String(id), name: `Canoes ${stamp}`, slug: `canoes-${stamp}` },
  });
  expect(edit.status(), await edit.text()).toBe(200);

  const raw = await page.request.get(`/?pselectedCategory=kayaks-${stamp}&sort=price-asc`, { maxRedirects: 0 });
  expect(raw.status()).toBe(301);
  expect(raw.headers().location).toBe(`/?pselectedCategory=canoes-${stamp}&sort=price-asc`);
  await page.goto(`/?pselectedCategory=kayaks-${stamp}`);
  await expect(page).toHaveURL(new RegExp(`pselectedCategory=canoes-${stamp}$`));
  // Other specs count the demo categories: this one goes again.
  expect((await page.request.delete(`/api/category/${id}`, { headers })).status()).toBe(200);
});
