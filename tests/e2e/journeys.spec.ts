import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { hydrated } from './page-helpers.ts';

/**
 * Journeys that must end where the visitor meant (issue 18): the wishlist heart, Submit Ads and
 * a guarded admin URL go through sign-in or sign-up and land back with the action done; the
 * reset page without a mailed token says what to do; Escape closes the membership dialog; a
 * bad price range is reported at its field and the list keeps its results. At 1280 px, and
 * the sign-up journey, the reset page and the filters at 375 px.
 */

/** Where the screenshots go (looked at by hand; E2E_SHOTS moves them out of test-results). */
const SHOTS = process.env.E2E_SHOTS ?? 'test-results/journeys';
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;

async function firstAd(request: APIRequestContext): Promise<{ slug: string; heading: string }> {
  const res = await request.get('/api/all-ads?limit=1');
  return (await res.json()).ads[0];
}

/** A new account made through the API (the browser stays signed out). */
async function newAccount(request: APIRequestContext) {
  const email = `journey-${unique()}@example.com`;
  const res = await request.post('/api/user/signup', {
    data: { name: 'Jo Journey', email, password: 'secret123', cpassword: 'secret123' },
  });
  expect(res.ok()).toBe(true);
  return { email, password: 'secret123' };
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await hydrated(page, 'SignInForm');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the heart offers sign-in and, once signed in, the ad is saved on its page', async ({ page, playwright }) => {
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const ad = await firstAd(api);
    const account = await newAccount(api);
    await api.dispose();

    await page.goto(`/add-details/${ad.slug}`);
    await hydrated(page, 'WishlistHeart');
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Please login for add wishlist.' })).toBeVisible();
    const prompt = page.getByTestId('wishlist-sign-in');
    await expect(prompt).toBeVisible();
    const link = prompt.getByRole('link', { name: 'Sign in' });
    await expect(link).toHaveAttribute('href', `/sign-in?next=${encodeURIComponent(`/add-details/${ad.slug}#save`)}`);
    await page.screenshot({ path: `${SHOTS}/heart-prompt-1280.png` });

    await link.click();
    await expect(page).toHaveURL(/\/sign-in\?next=/);
    // A plain sign-in prompt is not the guard: no "Unable to access dashboard".
    await expect(page.getByText('Unable to access dashboard')).toHaveCount(0);
    await signInThroughForm(page, account.email, account.password);

    await expect(page).toHaveURL(new RegExp(`/add-details/${ad.slug}$`));
    await expect(page.getByRole('status').filter({ hasText: 'Added to your wishlist.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: `${SHOTS}/heart-saved-1280.png` });

    // Done once: a reload keeps the ad saved and does not toggle it again.
    await page.reload();
    await hydrated(page, 'WishlistHeart');
    await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
    await page.goto('/wishlist');
    await expect(page.getByText(ad.heading).first()).toBeVisible();
  });

  test('a guarded admin URL keeps the guard message and lands there after sign-in', async ({ page }) => {
    await page.goto('/admin/messages');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fadmin%2Fmessages$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Unable to access dashboard. Please login again.' }),
    ).toBeVisible();
    await signInThroughForm(page, 'liam@example.com', 'customer123');
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();
  });

  test('a mailed "Read and answer" link asks a signed-out seller to sign in plainly and opens the thread', async ({
    page,
    request,
  }) => {
    const login = await request.post('/api/user/login', {
      data: { email: 'liam@example.com', password: 'customer123' },
    });
    const { token } = await login.json();
    const list = await request.get('/api/conversations', { headers: { authorization: `Bearer ${token}` } });
    const [first] = (await list.json()).conversations as { id: number }[];
    expect(first).toBeTruthy();
    await page.goto(`/admin/messages/${first!.id}?from=mail`);
    await expect(page).toHaveURL(new RegExp(`/sign-in\\?next=%2Fadmin%2Fmessages%2F${first!.id}$`));
    await expect(
      page
        .getByRole('heading', { name: 'Sign In' })
        .or(page.getByRole('button', { name: 'Sign In' }))
        .first(),
    ).toBeVisible();
    await expect(page.getByText('Unable to access dashboard')).toHaveCount(0);
    await signInThroughForm(page, 'liam@example.com', 'customer123');
    await expect(page).toHaveURL(new RegExp(`/admin/messages/${first!.id}$`));
    await expect(page.getByTestId('message').first()).toBeVisible();
  });

  test('a crafted next to another site is ignored: sign-in leads to the dashboard', async ({ page }) => {
    await page.goto('/sign-in?next=//evil.example/x');
    await expect(page.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/sign-up');
    await signInThroughForm(page, 'liam@example.com', 'customer123');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('Escape closes the membership dialog and focus returns to Select', async ({ page }) => {
    await page.goto('/membership');
    const select = page.getByRole('button', { name: /^Select / }).first();
    await select.click();
    const dialog = page.getByRole('dialog', { name: 'Membership Form' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(select).toBeFocused();
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('Submit Ads signed out goes to sign-in, then sign-up, and lands on the ad form', async ({ page }) => {
    await page.goto('/');
    const submit = page.getByRole('banner').getByRole('link', { name: 'Submit Ads' });
    await expect(submit).toHaveAttribute('href', '/sign-in?next=%2Fadmin%2Fadd-ads');
    await submit.click();
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fadmin%2Fadd-ads$/);
    await expect(page.getByText('Unable to access dashboard')).toHaveCount(0);
    await page.getByRole('link', { name: 'Register Now' }).click();
    await expect(page).toHaveURL(/\/sign-up\?next=%2Fadmin%2Fadd-ads$/);
    await hydrated(page, 'SignUpForm');
    await page.getByLabel('Name', { exact: true }).fill('Sam Seller');
    await page.getByLabel('Email', { exact: true }).fill(`submit-${unique()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/admin\/add-ads$/);
    await expect(page.getByRole('heading', { name: 'Add Advertisment' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/signup-to-add-ads-375.png` });
  });

  test('the reset page without a usable token says what to do and links to a new mail', async ({ page }) => {
    await page.goto('/reset-password');
    const note = page.getByTestId('reset-no-token');
    await expect(note).toContainText('Check your inbox.');
    await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
    await expect(note.getByRole('link', { name: 'Send a new reset link' })).toHaveAttribute('href', '/forget-password');
    await page.screenshot({ path: `${SHOTS}/reset-no-token-375.png` });

    await page.goto('/reset-password?token=abc');
    await expect(page.getByTestId('reset-no-token')).toContainText('This reset link is not complete or not valid.');
    await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Send a new reset link' }).click();
    await expect(page).toHaveURL(/\/forget-password$/);
  });

  test('a bad price range shows its error at the field and keeps the results; a valid one filters', async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/all-ads') && r.status() >= 400) refused.push(r.url());
    });
    await page.goto('/');
    await hydrated(page, 'AdBrowser');
    const line = page.getByRole('heading', { name: /^Search Results: Showing/ });
    const before = await line.textContent();
    await page.getByRole('button', { name: 'Filters' }).click();
    const min = page.getByLabel('Min price');
    const max = page.getByLabel('Max price');

    await min.fill('500');
    await max.fill('100');
    await page.getByRole('button', { name: 'Apply price' }).click();
    const rangeError = page.getByText('Minimum price cannot be more than maximum price.', { exact: true }).first();
    await expect(min).toHaveAttribute('aria-invalid', 'true');
    await expect(min).toBeFocused();
    const describedBy = await min.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('Minimum price cannot be more than maximum price.');
    await expect(rangeError).toBeVisible();
    await expect(line).toHaveText(before ?? '');
    expect(new URL(page.url()).searchParams.get('pminPrice')).toBeNull();
    await page.screenshot({ path: `${SHOTS}/price-range-375.png` });

    // A huge minimum: refused at the field with the API's limit, nothing sent.
    await max.fill('');
    await min.fill('99999999999999');
    await page.getByRole('button', { name: 'Apply price' }).click();
    await expect(min).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator(`[id="${await min.getAttribute('aria-describedby')}"]`)).toContainText('at most');
    await expect(line).toHaveText(before ?? '');
    expect(new URL(page.url()).searchParams.get('pminPrice')).toBeNull();

    // Valid: the error goes and the list is filtered.
    await min.fill('100');
    await expect(min).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Apply price' }).click();
    await expect(page).toHaveURL(/pminPrice=100/);
    expect(refused).toEqual([]);
  });
});
