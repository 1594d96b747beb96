import { expect, type Page, test } from '@playwright/test';

/**
 * Search near a place on the Browse Ads List: the place picker (combobox: typing, arrows,
 * Enter), the radius, "Use my location" and the distance on each card, at 1280 and 375 px.
 * Expected ads come from the public API, so the tests hold whatever the catalogue holds.
 */

async function openList(page: Page, url: string) {
  await page.goto(url);
  await page.locator('astro-island[component-url*="/AdBrowser."]:not([ssr])').first().waitFor({ state: 'attached' });
}

type TCard = { heading: string; distance_km: number };
const cardHeadings = (page: Page) => page.getByRole('article').getByRole('heading');

for (const width of [1280, 375]) {
  test(`a buyer picks a place and a radius and sees only the ads within it, nearest first (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const [denver] = (await (await request.get('/api/places?q=Denver')).json()).data;
    expect(denver.label).toBe('Denver, Colorado, US');
    await openList(page, '/');
    if (width < 640) await page.getByRole('button', { name: 'Filters' }).click();

    const near = page.getByRole('combobox', { name: 'Near' });
    await near.fill('Denv');
    const options = page.getByRole('listbox', { name: 'Near' }).getByRole('option');
    await expect(options.first()).toHaveText('Denver, Colorado, US');
    await near.press('ArrowDown');
    await expect(near).toHaveAttribute('aria-activedescendant', /.+/);
    await near.press('Enter');
    await expect(near).toHaveValue('Denver, Colorado, US');
    await expect(page).toHaveURL(new RegExp(`pnear=${denver.id}(&|$)`));

    const within25 = await (await request.get(`/api/all-ads?near=${denver.id}`)).json();
    expect(within25.total).toBeGreaterThan(0);
    await expect(cardHeadings(page)).toHaveText(within25.ads.map((a: TCard) => a.heading));
    await expect(page.getByTestId('distance').first()).toHaveText(/· \d+(\.\d)? km/);

    await page.getByLabel('Radius').selectOption('50');
    await expect(page).toHaveURL(/pradius=50/);
    if (width < 640) await page.getByRole('button', { name: 'Hide filters' }).click();
    await page.getByLabel('Sort by').selectOption({ label: 'Nearest first' });
    await expect(page).toHaveURL(/sort=distance/);
    const within50 = await (await request.get(`/api/all-ads?near=${denver.id}&radius_km=50&sort=distance`)).json();
    expect(within50.total).toBeGreaterThanOrEqual(within25.total);
    await expect(cardHeadings(page)).toHaveText(within50.ads.map((a: TCard) => a.heading));
    const distances = within50.ads.map((a: TCard) => a.distance_km);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    await page.screenshot({ path: test.info().outputPath(`near-${width}.png`), fullPage: width < 640 });

    // Reloading the address gives the same view, the place named in the field.
    await openList(page, page.url());
    if (width < 640) await page.getByRole('button', { name: 'Filters' }).click();
    await expect(page.getByRole('combobox', { name: 'Near' })).toHaveValue('Denver, Colorado, US');
    await expect(cardHeadings(page)).toHaveText(within50.ads.map((a: TCard) => a.heading));
  });
}

test('"Use my location" asks the browser only when clicked and searches around it', async ({ browser, request }) => {
  // Refused: the page says so and keeps the list.
  const refused = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const refusing = await refused.newPage();
  await openList(refusing, '/');
  await refusing.getByRole('button', { name: 'Use my location' }).click();
  await expect(refusing.getByText('Your location is not available.', { exact: false })).toBeVisible();
  await expect(refusing).toHaveURL(/\/$/);
  await refused.close();

  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    geolocation: { latitude: 30.2672, longitude: -97.7431 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await openList(page, '/');
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page).toHaveURL(/pnear=30\.2672%2C-97\.7431/);
  await expect(page.getByRole('combobox', { name: 'Near' })).toHaveValue('Your location');
  const around = await (await request.get('/api/all-ads?near=30.2672,-97.7431')).json();
  await expect(cardHeadings(page)).toHaveText(around.ads.map((a: TCard) => a.heading));
  await context.close();
});
