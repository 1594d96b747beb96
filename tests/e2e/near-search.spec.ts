import { expect, type Page, test } from '@playwright/test';
import { signUpThroughApi } from './api-setup.ts';

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

for (const width of [1280, 375]) {
  test(`a seller picks a place when posting, it fills Location and is offered first next time (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUpThroughApi(page, `Pia Place ${Date.now()}`, 'near');
    await page.goto('/admin/add-ads');
    await expect(page.getByRole('heading', { name: 'Add Advertisment' })).toBeVisible();
    const heading = `Oak bookcase ${Date.now().toString(36)}`;
    await page.getByLabel('Heading', { exact: true }).fill(heading);
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Furniture' });
    await page.getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.type('Five shelves, solid oak.');
    await page.getByLabel('Price', { exact: true }).fill('120');
    await page.getByLabel('Rating', { exact: true }).selectOption('4');

    const place = page.getByRole('combobox', { name: 'Place' });
    await place.fill('Richmn');
    // Typo-tolerant: the misspelt name still offers Richmond, Virginia.
    const option = page.getByRole('option', { name: 'Richmond, Virginia, US' });
    await expect(option).toBeVisible();
    await option.click();
    await expect(place).toHaveValue('Richmond, Virginia, US');
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue('Richmond, Virginia, US');
    await page.screenshot({ path: test.info().outputPath(`ad-form-place-${width}.png`), fullPage: width < 640 });
    await page.getByRole('button', { name: 'Create Ads' }).click();
    await expect(page.getByText('Ad created successfully')).toBeVisible();

    // The public page names the place.
    const mine = await (await page.request.get(`/api/all-ads?search=${encodeURIComponent(heading)}`)).json();
    expect(mine.ads[0].place).toMatchObject({ label: 'Richmond, Virginia, US' });

    // Next time the last place is offered first, before typing.
    await page.goto('/admin/add-ads');
    const offered = page.getByRole('listbox', { name: 'Place' }).getByRole('option');
    await page.getByRole('combobox', { name: 'Place' }).focus();
    await expect(offered.first()).toHaveText('Richmond, Virginia, US');
    // A seller's own text in Location stays when a place is chosen.
    await page.getByLabel('Location', { exact: true }).fill('Near the river');
    await page.getByRole('combobox', { name: 'Place' }).focus();
    await offered.first().click();
    await expect(page.getByRole('combobox', { name: 'Place' })).toHaveValue('Richmond, Virginia, US');
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue('Near the river');
  });
}
