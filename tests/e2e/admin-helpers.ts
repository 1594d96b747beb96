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

/**
 * The session token of the signed-in browser, for API set-up and clean-up calls with a bearer
 * header. Read from the browser's cookie jar through Playwright: the cookie is HttpOnly, so no
 * page script could read it.
 */
export async function sessionToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'session');
  if (!cookie) throw new Error('not signed in: no session cookie');
  return cookie.value;
}

export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
export const filterBox = (page: Page) => page.getByRole('searchbox', { name: 'Filter' });
