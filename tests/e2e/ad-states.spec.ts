import { expect, type Page, test } from '@playwright/test';
import { postAdThroughApi, signUpThroughApi } from './api-setup.ts';

const signUp = (page: Page) => signUpThroughApi(page, 'Sally Seller', 'states');
const postAd = (page: Page, heading: string) => postAdThroughApi(page, heading);

const searchFor = (heading: string) => `/?psearchKeyword=${encodeURIComponent(heading)}`;

test('a sold ad shows its banner and leaves the list', async ({ page }) => {
  await signUp(page);
  const heading = `Teak sideboard ${Date.now()}`;
  const ad = await postAd(page, heading);

  // On offer: in the search results, and its page offers it for sale.
  await page.goto(searchFor(heading));
  await expect(page.getByRole('link', { name: heading, exact: true })).toBeVisible();

  // The owner marks it sold from the Advertisements list.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/ads');
  const markSold = page.getByRole('button', { name: `Mark sold: ${heading}` });
  await expect(page.getByRole('button', { name: `Mark reserved: ${heading}` })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('owner-list-1280.png'), fullPage: true });
  await markSold.click();
  await expect(page.getByText('Ad status updated')).toBeVisible();
  await expect(page.getByRole('button', { name: `Relist: ${heading}` })).toBeVisible();
  await expect(markSold).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole('button', { name: `Relist: ${heading}` })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('owner-list-375.png'), fullPage: true });

  // Its page still answers, with the banner, out of search engines, sold out, no contact.
  await page.setViewportSize({ width: 1280, height: 900 });
  const res = await page.goto(`/add-details/${ad.slug}`);
  expect(res?.status()).toBe(200);
  const banner = page.getByTestId('ad-state-banner');
  await expect(banner).toContainText('Sold');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(jsonLd ?? '{}').offers.availability).toBe('https://schema.org/SoldOut');
  await expect(page.locator('article[data-ad-status="sold"]')).toHaveAttribute('data-contactable', 'false');
  await expect(page.getByRole('button', { name: /message seller/i })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('sold-ad-1280.png'), fullPage: false });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(banner).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('sold-ad-375.png'), fullPage: false });

  // …and it is gone from the list.
  await page.goto(searchFor(heading));
  await expect(page.getByRole('link', { name: heading, exact: true })).toHaveCount(0);
});
