import { expect, type Page, test } from '@playwright/test';
import { VERIFICATION_TEXTS } from '../../api/constants/email-verification.ts';
import { outboxMailsTo } from './e2e-outbox.ts';

/**
 * A new user signs up; on an ad page they are asked to verify their address before messaging
 * the seller and can have the link mailed again; an old link fails with a way forward; the
 * newest one verifies, and then they message the seller. Once on a desktop, once on a phone.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';

/** The verification links mailed to `email`, oldest first, once there are at least `count`. */
async function verificationLinks(email: string, count: number): Promise<string[]> {
  let links: string[] = [];
  await expect
    .poll(
      () => {
        links = outboxMailsTo(email)
          .filter((m) => /^Subject: Please verify your email address/m.test(m))
          .map((m) => /(https?:\/\/\S+\/verify-email\?token=[a-z2-7]+)/.exec(m)?.[1] ?? '')
          .filter(Boolean);
        return links.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return links;
}

async function signUp(page: Page, name: string, email: string, password: string) {
  await page.goto('/sign-up');
  await page.locator('astro-island[component-url*="/SignUpForm."]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** Opens a mailed link on the server under test and waits for its button to work. */
async function openLink(page: Page, link: string) {
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await page.locator('astro-island[component-url*="/VerifyEmailButton."]:not([ssr])').waitFor({ state: 'attached' });
}

for (const width of [1280, 375]) {
  test(`a new user verifies their email from the mailed link, then messages a seller (${width} px)`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 } });
    const page = await context.newPage();

    // An ad on offer from the demo data.
    const list = await page.request.get('/api/all-ads?limit=1');
    const [ad] = ((await list.json()) as { ads: { slug: string }[] }).ads;
    expect(ad).toBeTruthy();

    const email = `verify-${width}-${unique()}@example.com`;
    await signUp(page, `Vera ${width}`, email, 'secret123');
    const [signUpLink] = await verificationLinks(email, 1);

    // The dashboard says so first, with the mail offered again.
    const welcome = page.getByRole('region', { name: 'Verify your email address' });
    await expect(welcome).toContainText(`Open the link in the email we sent to ${email}.`);
    await expect(welcome.getByRole('button', { name: 'Resend verification email' })).toBeVisible();

    // The account page says the address is not verified yet and offers the mail again.
    await page.goto('/admin/account');
    await expect(page.getByTestId('email-status')).toHaveText('Not verified');
    await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeVisible();
    await page.getByTestId('email-status').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/verify-email-account-${width}.png` });

    // The ad page asks to verify first, instead of a composer that would be refused.
    await page.goto(`/add-details/${ad!.slug}`);
    const notice = page.getByTestId('verify-to-message');
    await expect(notice).toContainText(VERIFICATION_TEXTS.toMessage);
    await expect(page.getByRole('button', { name: 'Message seller' })).toHaveCount(0);
    await notice.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByText(VERIFICATION_TEXTS.sent)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/verify-email-ad-notice-${width}.png` });

    // The new link replaced the one of the sign-up mail: that one fails, with a way forward.
    const links = await verificationLinks(email, 2);
    const newest = links.at(-1)!;
    expect(newest).not.toBe(signUpLink);
    await openLink(page, signUpLink!);
    await page.getByRole('button', { name: 'Verify my email address' }).click();
    await expect(page.getByRole('alert')).toContainText(VERIFICATION_TEXTS.invalid);
    await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/verify-email-failed-${width}.png`, fullPage: true });

    // The newest link verifies the address.
    await openLink(page, newest);
    await expect(page.getByRole('heading', { name: 'Verify your email address' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/verify-email-page-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Verify my email address' }).click();
    await expect(page.getByTestId('email-verified')).toContainText('Your email address is verified');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}/verify-email-success-${width}.png`, fullPage: true });

    // Opening the page again says so without a button; the account page shows it as verified.
    await page.reload();
    await expect(page.getByTestId('email-verified')).toContainText(VERIFICATION_TEXTS.alreadyVerified);
    await page.goto('/admin/account');
    await expect(page.getByTestId('email-status')).toHaveText('Verified');

    // Now the seller can be messaged.
    await page.goto(`/add-details/${ad!.slug}`);
    await expect(page.getByTestId('verify-to-message')).toHaveCount(0);
    await page.getByRole('button', { name: 'Message seller' }).click();
    const box = page.getByRole('textbox', { name: /^Message to / });
    await expect(box).toHaveValue('Hi, is this still available?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Your message was sent.')).toBeVisible();
    await context.close();
  });
}
