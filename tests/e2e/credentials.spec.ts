import { expect, type Page, test } from '@playwright/test';
import { sidebar, signInAsAdmin } from './admin-helpers.ts';

/**
 * The browser keeps no credential a script could read: the session is the HttpOnly cookie
 * alone; what the page stores is only the expiry and the user's public details, and page code
 * sends no Authorization header. The admin area works on the cookie alone.
 */

const tag = () => Math.random().toString(36).slice(2, 7);

/** Everything a script on the page can read: both storages and document.cookie. */
function readableByScript(page: Page) {
  return page.evaluate(() => ({
    local: Object.fromEntries(Object.entries(localStorage)),
    session: Object.fromEntries(Object.entries(sessionStorage)),
    cookie: document.cookie,
  }));
}

/** Records every /api request the page sends with an Authorization header. */
function watchAuthorization(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/') && r.headers().authorization) seen.push(r.url());
  });
  return seen;
}

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'session');
}

async function expectNoReadableToken(page: Page, token: string) {
  const readable = await readableByScript(page);
  expect(JSON.stringify(readable)).not.toContain(token);
  expect(readable.cookie).not.toMatch(/(^|;\s*)session=/);
  // The stored session: the expiry and the user, nothing else.
  expect(Object.keys(JSON.parse(readable.local.auth_token ?? '{}'))).toEqual(['expiry']);
  expect(JSON.parse(readable.local.auth_token ?? '{}').expiry).toBeGreaterThan(Date.now());
  expect(JSON.parse(readable.local.userinfo ?? '{}')).toMatchObject({ email: expect.any(String) });
}

test('after signing in, no storage or cookie a script can read holds the session token', async ({ page }) => {
  const withAuthorization = watchAuthorization(page);
  await signInAsAdmin(page);
  const cookie = await sessionCookie(page);
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  await expectNoReadableToken(page, cookie?.value as string);
  expect(withAuthorization).toEqual([]);
});

test('after signing up, the page stores only the expiry and the user', async ({ page }) => {
  const withAuthorization = watchAuthorization(page);
  await page.goto('/sign-up');
  await page.locator('astro-island[component-url*="/SignUpForm."]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByLabel('Name', { exact: true }).fill('Cookie Only');
  await page.getByLabel('Email', { exact: true }).fill(`cookie-${tag()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const cookie = await sessionCookie(page);
  expect(cookie?.httpOnly).toBe(true);
  await expectNoReadableToken(page, cookie?.value as string);
  expect(withAuthorization).toEqual([]);
});

test('an older stored token is dropped on the next page load, keeping the session', async ({ page }) => {
  await signInAsAdmin(page);
  const cookie = await sessionCookie(page);
  await page.evaluate((token) => {
    const { expiry } = JSON.parse(localStorage.getItem('auth_token') ?? '{}');
    localStorage.setItem('auth_token', JSON.stringify({ value: token, expiry }));
  }, cookie?.value);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expectNoReadableToken(page, cookie?.value as string);
});

test('the admin area lists ads, creates and deletes a FAQ and logs out on the cookie alone', async ({ page }) => {
  const withAuthorization = watchAuthorization(page);
  await signInAsAdmin(page);

  await sidebar(page).getByRole('link', { name: 'Advertisements' }).click();
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await expect(page.locator('table tbody tr')).not.toHaveText([/No rows/]);

  const question = `Is the session cookie enough ${tag()}?`;
  await sidebar(page).getByRole('link', { name: 'Faqs' }).click();
  await page.getByRole('link', { name: 'Add FAQ' }).click();
  await page.getByLabel('Question').fill(question);
  const answer = page.getByRole('textbox', { name: 'Answer' });
  await answer.click();
  await answer.pressSequentially('Yes, it is.');
  await page.getByRole('button', { name: 'Add FAQ' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'FAQ added' }).first()).toBeVisible();
  await page.goto('/faqs');
  await expect(page.getByText(question)).toBeVisible();

  await page.goto('/admin/faqs');
  await page.getByRole('searchbox', { name: 'Filter' }).fill(question);
  await expect(page.locator('table tbody tr')).toHaveCount(1);
  await page
    .locator('table tbody tr')
    .getByRole('button', { name: /^Delete / })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'FAQ deleted' }).first()).toBeVisible();

  await sidebar(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  // The logout ended the session on the server, and the page forgot the user.
  expect((await page.request.get('/api/user/me')).status()).toBe(401);
  expect((await readableByScript(page)).local.auth_token).toBeUndefined();
  expect(withAuthorization).toEqual([]);
});
