import { expect, type Page, test } from '@playwright/test';
import { sidebar, signInAsAdmin } from './admin-helpers.ts';
import { outboxMailsTo } from './e2e-outbox.ts';
import { hydrated } from './page-helpers.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const SHOTS = process.env.E2E_SHOTS_DIR;

/** Waits until a mail to `email` matches `pattern`; returns the pattern's first group (or the match). */
async function mailed(email: string, pattern: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        for (const mail of outboxMailsTo(email).reverse()) {
          const m = pattern.exec(mail);
          if (m) {
            found = m[1] ?? m[0];
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found;
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a visitor’s contact message reaches the admin inbox, and the reply reaches the outbox', async ({ page }) => {
  const email = `visitor-${unique()}@example.com`;
  const subject = `Question ${unique()}`;
  await page.goto('/contact-us');
  await page.locator('astro-island[component-url*="/ContactForm."]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByLabel('Your Name').fill('Vera Visitor');
  await page.getByLabel('Your Email').fill(email);
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Your Message').fill('Do you deliver to Springfield?');
  await page.getByRole('button', { name: 'Submit Now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your message was sent' })).toBeVisible();
  await expect(page.getByLabel('Your Name')).toHaveValue('');

  await signInAsAdmin(page);
  await expect(sidebar(page).getByTestId('sidebar-inbox-unread')).toBeVisible();
  await sidebar(page).getByRole('link', { name: /Inbox/ }).click();
  await expect(page).toHaveURL(/\/admin\/inbox$/);
  const row = page.getByTestId('inbox-row').filter({ hasText: subject });
  await expect(row).toHaveAttribute('data-unread', 'true');
  await shoot(page, 'inbox');
  await row.click();
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(page.getByText('Do you deliver to Springfield?')).toBeVisible();

  await page.getByLabel('Reply to Vera Visitor').fill('Yes, every Tuesday.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your reply was mailed to the sender.' })).toBeVisible();
  await expect(page.getByTestId('inbox-reply')).toContainText('Yes, every Tuesday.');
  await shoot(page, 'inbox-message');
  const reply = await mailed(email, /^Subject: (Re: .*)$/m);
  expect(reply).toBe(`Re: ${subject}`);
  expect(outboxMailsTo(email).some((m) => m.includes('Yes, every Tuesday.'))).toBe(true);

  // Back in the list the message is read.
  await page.getByRole('link', { name: '← Inbox' }).click();
  await expect(page.getByTestId('inbox-row').filter({ hasText: subject })).toHaveAttribute('data-unread', 'false');
});

test('newsletter: subscribe, confirm and unsubscribe through the mailed links', async ({ page }) => {
  const email = `reader-${unique()}@example.com`;
  await page.goto('/category');
  const band = page.getByRole('region', { name: 'Subscribe to our newsletter' });
  await band.getByLabel('Email address').fill(email);
  await band.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(page.getByText('Please check your inbox')).toBeVisible();

  const confirm = await mailed(email, /(https?:\/\/[^/\s]+\/newsletter\/confirm\?token=[a-z0-9]+)/);
  await page.goto(confirm);
  // A click before the button's island has hydrated does nothing (a busy machine hydrates late).
  await hydrated(page, 'NewsletterLinkButton');
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('status')).toContainText('Your subscription is confirmed.');

  await signInAsAdmin(page);
  await sidebar(page).getByRole('link', { name: 'Newsletter' }).click();
  await page.getByRole('searchbox', { name: 'Search addresses' }).fill(email);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('confirmed');
  await page.getByRole('searchbox', { name: 'Search addresses' }).fill('');
  const subject = `Market news ${unique()}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Text', { exact: true }).fill('New listings every day.');
  await page.getByRole('button', { name: 'Send to confirmed subscribers' }).click();
  // Nothing goes out before the admin confirms; Cancel keeps the text.
  const ask = page.getByRole('dialog', { name: 'Send this newsletter?' });
  await expect(ask).toContainText(`“${subject}” is mailed to every confirmed subscriber`);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('newsletter-progress').filter({ hasText: subject })).toHaveCount(0);
  await expect(page.getByLabel('Subject')).toHaveValue(subject);
  await page.getByRole('button', { name: 'Send to confirmed subscribers' }).click();
  await ask.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The newsletter is being sent.' })).toBeVisible();
  const progress = page.getByTestId('newsletter-progress').filter({ hasText: subject });
  await expect(progress).toContainText(/Sent: (\d+) of \1/, { timeout: 20_000 });
  await shoot(page, 'newsletter');

  const unsubscribe = await mailed(email, /(https?:\/\/[^/\s]+\/newsletter\/unsubscribe\?token=[a-z0-9]+)/);
  const newsletter = outboxMailsTo(email).find((m) => m.includes(subject)) ?? '';
  expect(newsletter).toMatch(/^List-Unsubscribe-Post:\s+List-Unsubscribe=One-Click/m);
  await page.goto(unsubscribe);
  await hydrated(page, 'NewsletterLinkButton');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toContainText('You are unsubscribed.');

  // The mail program's one-click POST to the List-Unsubscribe address answers the same.
  const oneClick = /^List-Unsubscribe:\s+<([^>]+)>/m.exec(newsletter)?.[1] ?? '';
  const res = await page.request.post(oneClick, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(res.status()).toBe(200);

  await page.goto('/admin/newsletter');
  await page.getByRole('searchbox', { name: 'Search addresses' }).fill(email);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('unsubscribed');
});
