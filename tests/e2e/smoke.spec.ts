import { expect, test } from '@playwright/test';

test('a visitor opens the home page and sees the header and footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Submit Ads' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
});
