import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';

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

/** A unique suffix, so reruns against the same server never collide. */
export const tag = () => Math.random().toString(36).slice(2, 7);

export async function png(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 320, height: 320, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

export const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();
export const bodyRows = (page: Page) => page.locator('table tbody tr');

export async function typeRichText(editor: Locator, text: string) {
  await editor.click();
  await editor.press('ControlOrMeta+a');
  await editor.press('Backspace');
  await editor.pressSequentially(text);
}

/**
 * Filters the list down to the one row showing `text`. A server-paged list shows a spinner or
 * the previous rows until the filtered page arrives, so the row itself is waited for first.
 */
export async function filterToOne(page: Page, text: string) {
  await filterBox(page).fill(text);
  await expect(bodyRows(page).filter({ hasText: text })).toHaveCount(1);
  await expect(bodyRows(page)).toHaveCount(1);
}

/** Deletes the one row the filter leaves, through the confirm dialog. */
export async function deleteRow(page: Page, filter: string, message: string) {
  await filterToOne(page, filter);
  await bodyRows(page)
    .getByRole('button', { name: /^Delete / })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, message)).toBeVisible();
  await expect(bodyRows(page)).toHaveText([/No rows match the filter\./]);
}
