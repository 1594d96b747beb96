import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signUpThroughApi } from './api-setup.ts';
import { hydrated } from './page-helpers.ts';

async function firstAd(request: APIRequestContext): Promise<{ slug: string; heading: string }> {
  const res = await request.get('/api/all-ads?limit=1');
  return (await res.json()).ads[0];
}

/** A new account, signed in the way the sign-in page does it. */
const signUp = (page: Page) => signUpThroughApi(page, 'Wendy Wish', 'wish');

test('a signed-out visitor gets a warning from the heart and nothing is sent', async ({ page, request }) => {
  const ad = await firstAd(request);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/wishlist')) calls.push(r.url());
  });
  await page.goto(`/add-details/${ad.slug}`);
  await hydrated(page, 'WishlistHeart');
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Please login for add wishlist.' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Warning');
  expect(calls).toEqual([]);
});

test('a signed-out visitor is asked to sign in on the Wishlists page', async ({ page }) => {
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Wishlists' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' }).last()).toHaveAttribute('href', '/sign-in');
});

test('a signed-in user saves an ad, finds it on Wishlists and deletes it', async ({ page, request }) => {
  const ad = await firstAd(request);
  await signUp(page);

  await page.goto('/wishlist');
  await expect(page.getByText('No Item found.')).toBeVisible();

  await page.goto(`/add-details/${ad.slug}`);
  await hydrated(page, 'WishlistHeart');
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(page.getByText('Added to your wishlist.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();

  await page.goto('/wishlist');
  await hydrated(page, 'WishlistTable');
  const row = page.getByRole('row', { name: new RegExp(ad.heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await expect(row).toBeVisible();
  for (const h of ['Image', 'Item name', 'Item description'])
    await expect(page.getByRole('columnheader', { name: h })).toBeVisible();
  await row.getByRole('button', { name: /^Delete/ }).click();
  await expect(page.getByText('Removed from your wishlist.')).toBeVisible();
  await expect(page.getByText('No Item found.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No Item found.')).toBeVisible();
});

test('the heart takes a saved ad out again', async ({ page, request }) => {
  const ad = await firstAd(request);
  await signUp(page);
  await page.goto(`/add-details/${ad.slug}`);
  await hydrated(page, 'WishlistHeart');
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove from wishlist' }).click();
  await expect(page.getByText('Removed from your wishlist.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to wishlist' })).toHaveAttribute('aria-pressed', 'false');
});
