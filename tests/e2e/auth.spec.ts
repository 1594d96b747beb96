import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { hydrated } from './page-helpers.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The outbox of the server under test (playwright.config.ts: DATA_DIR=data/e2e-<port>). */
function outboxDir(): string {
  const port = new URL(String(test.info().project.use.baseURL)).port;
  return path.resolve('data', `e2e-${port}`, 'outbox');
}

/** Waits for the reset mail to `email` and returns the link in it (quoted-printable decoded). */
async function resetLinkFor(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const dir = outboxDir();
        if (!fs.existsSync(dir)) return '';
        for (const name of fs.readdirSync(dir).sort().reverse()) {
          const raw = fs.readFileSync(path.join(dir, name), 'utf8');
          const text = raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
          if (!text.includes(`To: ${email}`)) continue;
          link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text)?.[0] ?? '';
          if (link) return link;
        }
        return '';
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

async function signUp(page: Page, name: string, email: string, password: string) {
  await page.goto('/sign-up');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('a visitor signs up and lands on the dashboard, welcomed by name', async ({ page }) => {
  const email = `new-${unique()}@example.com`;
  await signUp(page, 'Nora Visitor', email, 'secret123');
  await expect(page.getByText('Welcome, Nora Visitor')).toBeVisible();
  await expect(page.getByText('Select a section from the menu to begin managing the application.')).toBeVisible();
  // The header now shows the account links instead of Sign In.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
});

test('the sign-up form shows its validation toasts one at a time, in order', async ({ page }) => {
  await page.goto('/sign-up');
  const submit = page.getByRole('button', { name: 'Sign Up' });
  const toast = (text: string) => page.getByRole('status').filter({ hasText: text });

  await submit.click();
  await expect(toast('Please enter your name.')).toBeVisible();
  await expect(toast('Please enter your email.')).toHaveCount(0);

  await page.getByLabel('Name', { exact: true }).fill('Ordered Olivia');
  await submit.click();
  await expect(toast('Please enter your email.')).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill(`order-${unique()}@example.com`);
  await submit.click();
  await expect(toast('Please enter your password.')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await submit.click();
  await expect(toast('Please enter your confrim password.')).toBeVisible();

  await page.getByLabel('Confirm Password', { exact: true }).fill('secret124');
  await submit.click();
  await expect(toast('Enter password not match.')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-up$/);
});

test('signing up with an email that is taken shows the server error', async ({ page }) => {
  await page.goto('/sign-up');
  await page.getByLabel('Name', { exact: true }).fill('Copy Cat');
  await page.getByLabel('Email', { exact: true }).fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'This email is already registered.' })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-up$/);
});

test('a user logs out, is told so and lands on sign-in with Sign In in the header', async ({ page }) => {
  await signUp(page, 'Leo Leaving', `leave-${unique()}@example.com`, 'secret123');
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('status').filter({ hasText: 'Successfully logout' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  // The session is gone on the server too: the admin area sends us back.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('a visitor opening the admin users page lands on sign-in with the guard message', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fadmin%2Fusers$/);
  const toast = page.getByRole('status').filter({ hasText: 'Unable to access dashboard. Please login again.' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Error');
});

test('signing in with a wrong password shows Please enter valid information', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email', { exact: true }).fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Please enter valid information' })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('the demo admin signs in and sees the success toast on the dashboard', async ({ page }) => {
  await page.goto('/sign-in');
  const submit = page.getByRole('button', { name: 'Sign In' });
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Please enter your email.' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('Admin@Example.com');
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Please enter your password.' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('admin123');
  await submit.click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('status').filter({ hasText: 'Succesfully login.' })).toBeVisible();
  await expect(page.getByText('Welcome, Demo Admin')).toBeVisible();
  // Signed in, the sign-in and sign-up pages lead to the account.
  await page.goto('/sign-in');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('a user who forgot the password resets it from the emailed link and signs in with the new one', async ({
  page,
}) => {
  const email = `forgot-${unique()}@example.com`;
  await signUp(page, 'Fiona Forgetful', email, 'first-pass');
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.getByRole('link', { name: 'Forget Password' }).click();
  await expect(page).toHaveURL(/\/forget-password$/);
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  const field = page.getByLabel('Email', { exact: true });
  await field.fill('not-an-email');
  await field.blur();
  await expect(page.getByText('Please enter a valid email.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await field.fill(email);
  await expect(page.getByText('Please enter a valid email.')).toHaveCount(0);
  await submit.click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('status').filter({ hasText: 'a reset link has been sent' })).toBeVisible();

  const link = await resetLinkFor(email);
  await page.goto(link);
  const save = page.getByRole('button', { name: 'Submit' });
  await page.getByLabel('New Password', { exact: true }).fill('new-pass-1');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('new-pass-2');
  await save.click();
  const mismatch = page.getByRole('status').filter({ hasText: 'Please enter your password.' });
  await expect(mismatch).toBeVisible();
  await expect(mismatch).toContainText('Error');
  await expect(page).toHaveURL(/\/reset-password\?token=/);

  await page.getByLabel('Confirm New Password', { exact: true }).fill('new-pass-1');
  await save.click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('status').filter({ hasText: 'Password reset successfully' })).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Please enter valid information' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('new-pass-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('Welcome, Fiona Forgetful')).toBeVisible();

  // The link works once only.
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill('third-pass');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('third-pass');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Error' })).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password\?token=/);
});

test('the reset form keeps Submit disabled until the new password has 6 characters and is confirmed', async ({
  page,
}) => {
  await page.goto(`/reset-password?token=${'a2'.repeat(16)}`);
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  // Typed before the form hydrates, the blur below had no handler yet (flaky in CI under load).
  await hydrated(page, 'ResetPasswordForm');
  await page.getByLabel('New Password', { exact: true }).fill('12345');
  await page.getByLabel('New Password', { exact: true }).blur();
  await expect(page.getByText('Password must be at least 6 characters.')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('123456');
  await expect(submit).toBeDisabled();
  await page.getByLabel('Confirm New Password', { exact: true }).fill('123456');
  await expect(submit).toBeEnabled();
});

test('/login redirects to the sign-in page', async ({ page, request }) => {
  const res = await request.get('/login', { maxRedirects: 0 });
  expect([301, 302, 308]).toContain(res.status());
  expect(res.headers().location).toMatch(/\/sign-in$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Log In', level: 1 })).toBeVisible();
});

test('the auth pages link to each other', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByText("Don't have an account?")).toBeVisible();
  await page.getByRole('link', { name: 'Register Now' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto('/forget-password');
  await expect(page.getByText("Don't have an account?")).toBeVisible();
  await page.getByRole('link', { name: 'Login Now' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto('/reset-password');
  await expect(page.getByRole('link', { name: 'Login Now' })).toHaveAttribute('href', '/sign-in');
});
