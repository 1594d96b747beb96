import { type Browser, expect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from './admin-helpers.ts';
import { toastWith } from './toasts.ts';

const PASSWORD = 'secret123';

/** A new customer signed up through the API in this page's browser (the cookie is the session). */
async function signUp(page: Page, name: string) {
  const email = `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const res = await page.request.post('/api/user/signup', {
    data: { name, email, password: PASSWORD, cpassword: PASSWORD },
  });
  expect(res.ok()).toBe(true);
  return email;
}

/** Signs in through the Log In page, in a browser of its own. */
async function signInElsewhere(browser: Browser, email: string, password = PASSWORD) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.locator('astro-island[component-url*="/SignInForm."]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return { context, page };
}

const photoHint = (page: Page) => page.getByText(/^Your plan allows \d+ gallery photos? per ad/);

test('a signed-out visitor choosing a plan is asked to sign in and comes back', async ({ page }) => {
  await page.goto('/membership');
  await page.getByRole('button', { name: 'Select Gold' }).click();
  const dialog = page.getByRole('dialog', { name: 'Membership Form' });
  await expect(dialog).toContainText('Please sign in to choose a plan.');
  await expect(dialog.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in?next=%2Fmembership');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a plan request approved by an admin raises the photo limit at once', async ({ page, browser }) => {
  const email = await signUp(page, 'Gwen Gold');
  await page.goto('/admin/add-ads');
  await expect(photoHint(page)).toContainText('Your plan allows 3 gallery photos per ad');

  await page.goto('/membership');
  await page.getByRole('button', { name: 'Select Gold' }).click();
  const dialog = page.getByRole('dialog', { name: 'Membership Form' });
  await expect(dialog.getByLabel('Email Address')).toHaveValue(email);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(toastWith(page, 'Please enter your telephone number.')).toBeVisible();
  await dialog.getByLabel('Telephone').fill('+1 555 0100');
  await dialog.getByLabel('Business Name').fill('Gwen’s Goods');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Your plan request was sent/)).toBeVisible();
  // The page now shows the request on its row, and says what happens next.
  await expect(page.getByRole('row', { name: /Gold/ })).toContainText('Requested');
  await expect(page.getByRole('button', { name: 'Select Gold' })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Your request for the Gold plan' })).toContainText(
    'is waiting for our team',
  );
  await page.screenshot({ path: test.info().outputPath('membership-pending-1280.png') });

  await page.goto('/admin/account');
  await expect(page.getByTestId('account-plan')).toHaveText('Free');
  await expect(page.getByText('Your request for the Gold plan is waiting for our team.')).toBeVisible();

  // An admin approves it in another browser.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin/plan-requests');
  const request = admin.getByRole('listitem').filter({ hasText: email });
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Plan request approved.')).toBeVisible();
  await expect(request.getByText('approved')).toBeVisible();
  await adminContext.close();

  // The member's very next page uses the Gold limits.
  await page.goto('/admin/add-ads');
  await expect(photoHint(page)).toContainText('Your plan allows 6 gallery photos per ad');
  await page.goto('/admin/account');
  await expect(page.getByTestId('account-plan')).toHaveText('Gold');
  await page.goto('/membership');
  await expect(page.getByRole('row', { name: /Gold/ })).toContainText('Your plan');

  // Back to Free: asked first, with what the Gold plan adds listed; Keep Gold changes nothing.
  await page.getByRole('button', { name: 'Select Free' }).click();
  const ask = page.getByRole('dialog', { name: 'Switch to Free?' });
  await expect(ask).toContainText('You are on the Gold plan.');
  await expect(ask).toContainText('Photos per ad: 6 photos → 3 photos');
  await page.screenshot({ path: test.info().outputPath('downgrade-1280.png') });
  await ask.getByRole('button', { name: 'Keep Gold' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByRole('row', { name: /Gold/ })).toContainText('Your plan');
  await page.getByRole('button', { name: 'Select Free' }).click();
  await ask.getByRole('button', { name: 'Switch to Free' }).click();
  await expect(page.getByText('Your plan was changed.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Free/ })).toContainText('Your plan');
});

test('changing the password signs out the other browser', async ({ page, browser }) => {
  const email = await signUp(page, 'Paul Password');
  const other = await signInElsewhere(browser, email);

  await page.goto('/admin/account');
  await expect(page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Current password').last().fill(PASSWORD);
  await page.getByLabel('New password').fill('changed-456');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed. Every other browser was signed out.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem')).toHaveCount(1);

  // The other browser is signed out on its next page; this one stays signed in.
  await other.page.goto('/admin/account');
  await expect(other.page).toHaveURL(/\/sign-in/);
  await other.context.close();
  await page.goto('/admin/account');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
});

test('deleting the account removes its ads and its login', async ({ page, browser }) => {
  const email = await signUp(page, 'Dora Delete');
  const heading = `Oak bookshelf ${Date.now()}`;
  const res = await page.request.post('/api/ads/add', {
    multipart: {
      heading,
      description: '<p>Solid oak.</p>',
      category: 'furniture',
      price: '90',
      rating: '4',
      location: 'Bergen',
      features: '[]',
      make_as_featured: 'N',
    },
  });
  expect(res.status()).toBe(201);
  const search = `/?psearchKeyword=${encodeURIComponent(heading)}`;
  await page.goto(search);
  await expect(page.getByRole('link', { name: heading, exact: true })).toBeVisible();

  await page.goto('/admin/account');
  const danger = page.getByRole('region', { name: 'Delete account' });
  await danger.getByRole('button', { name: 'Delete my account…' }).click();
  await danger.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expect(page.locator('[data-rht-toaster]').getByText('Please enter your password.')).toBeVisible();
  await danger.getByLabel('Password').fill('not-my-password');
  await danger.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expect(page.locator('[data-rht-toaster]').getByText('Your current password is not correct.')).toBeVisible();
  // The same words under the field, tied to it, with the typed password kept.
  await expect(danger.getByLabel('Password')).toHaveAccessibleDescription(/Your current password is not correct\./);
  await expect(danger.getByLabel('Password')).toHaveValue('not-my-password');
  await danger.getByLabel('Password').fill(PASSWORD);
  await danger.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expect(page).toHaveURL(/\/\?account=deleted$/);
  await expect(
    page.locator('[data-rht-toaster]').getByText('Your account and everything in it were deleted.'),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.locator('[data-rht-toaster]').getByText('Your account and everything in it were deleted.'),
  ).toHaveCount(0);

  await page.goto(search);
  await expect(page.getByRole('link', { name: heading, exact: true })).toHaveCount(0);
  const context = await browser.newContext();
  const login = await context.request.post('/api/user/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(401);
  await context.close();
});
