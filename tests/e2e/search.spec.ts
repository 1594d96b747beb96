import { expect, type Page, test } from '@playwright/test';

/**
 * Search on the Browse Ads List (issue 15) in a real browser, on the demo catalogue: the
 * "Did you mean …?" link, the Best match sort and the sidebar's counts for the current search.
 * Expected numbers come from the public API, so the tests hold whatever the demo content is.
 */

async function openList(page: Page, url: string) {
  await page.goto(url);
  await page.locator('astro-island[component-url*="/AdBrowser."]:not([ssr])').first().waitFor({ state: 'attached' });
}

const resultLine = (page: Page) => page.getByRole('heading', { name: /^Search Results: Showing/ });

test('a misspelt search offers the catalogue word, and the link runs that search', async ({ page, request }) => {
  const miss = await (await request.get('/api/all-ads?search=sofaa')).json();
  expect(miss).toMatchObject({ total: 0, suggestion: 'sofa' });
  const sofa = await (await request.get('/api/all-ads?search=sofa')).json();
  await openList(page, '/?psearchKeyword=sofaa');
  await expect(page.getByText('No results found.')).toBeVisible();
  await page.getByRole('link', { name: 'sofa', exact: true }).click();
  await expect(page).toHaveURL(/psearchKeyword=sofa(&|$)/);
  await expect(resultLine(page)).toContainText(`of ${sofa.total} Listings`);
  await expect(page.getByRole('searchbox')).toHaveValue('sofa');
});

test('Best match puts the ads whose heading has the word first', async ({ page, request }) => {
  const best = await (await request.get('/api/all-ads?search=sofa&sort=relevance')).json();
  await openList(page, '/?psearchKeyword=sofa');
  await page.getByLabel('Sort by').selectOption({ label: 'Best match' });
  await expect(page).toHaveURL(/sort=relevance/);
  const first = page.getByRole('article').first().getByRole('heading');
  await expect(first).toHaveText(best.ads[0].heading);
  expect(best.ads[0].heading.toLowerCase()).toContain('sofa');
});

test("the sidebar counts each category's ads for the current search", async ({ page, request }) => {
  const res = await (await request.get('/api/all-ads?search=sofa&category_counts=1')).json();
  const furniture = res.categoryCounts.find((c: { slug: string }) => c.slug === 'furniture');
  await openList(page, '/?psearchKeyword=sofa');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await expect(filters.getByRole('link', { name: /^Furniture/ })).toHaveText(`Furniture${furniture.count}`);
});
