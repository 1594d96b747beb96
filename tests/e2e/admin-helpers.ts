import { expect, type Page } from '@playwright/test';

/** Shared by the admin browser specs (desktop and phone). */
const ADMIN = { email: 'admin@example.com', password: 'admin123' };

/** Signs in through the Log In page, as an admin would. */
export async function signInAsAdmin(page: Page) {
  await page.goto('/sign-in');
  await page.locator('astro-island[component-url*="/SignInForm."]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
}

/** The bearer token the admin app stored at sign-in, for API set-up and clean-up calls. */
export async function storedToken(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('auth_token') ?? '{}').value as string);
}

export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
export const filterBox = (page: Page) => page.getByRole('searchbox', { name: 'Filter' });
