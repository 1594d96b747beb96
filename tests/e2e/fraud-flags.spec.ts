import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { sessionToken, signInAsAdmin } from './admin-helpers.ts';
import { postAdThroughApi, signUpThroughApi } from './api-setup.ts';

// Fraud signals (docs/MODERATION.md, Fraud signals) as a moderator sees them: a copied photo
// holds the newer ad, the moderation screen shows both ads side by side, and dismissing the
// false match puts the ad back on the site.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const fixture = (name: string) => fs.readFileSync(path.resolve('tests/fixtures/photos', name));

/** A new seller in a browser context of their own posts an ad with one photo. */
async function sellerPosts(page: Page, seller: string, heading: string, photo: string) {
  await signUpThroughApi(page, seller, 'fraud');
  return postAdThroughApi(page, heading, {
    description: '<p>Ridden twice, kept indoors.</p>',
    category: 'sports',
    price: '640',
    location: 'Oslo',
    image: { name: photo, mimeType: 'image/jpeg', buffer: fixture(photo) } as never,
  });
}

for (const width of [1280, 375]) {
  test(`a moderator sees a duplicate-photo flag with both ads and dismisses it (${width} px)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const tag = unique();
    const originalHeading = `Gravel bike ${tag}`;
    const copyHeading = `Road bike bargain ${tag}`;
    const sellers = await Promise.all([browser.newPage(), browser.newPage()]);
    const original = await sellerPosts(sellers[0]!, `Olivia Original ${tag}`, originalHeading, 'original.jpg');
    const copy = await sellerPosts(sellers[1]!, `Carl Copier ${tag}`, copyHeading, 'reencoded-q35.jpg');
    for (const p of sellers) await p.context().close();

    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signInAsAdmin(page);
    const headers = { authorization: `Bearer ${await sessionToken(page)}` };
    try {
      await moderate(page, headers, { width, tag, original, copy, originalHeading, copyHeading });
    } finally {
      // The pair leaves with the test: a later run's copy of the same photo matches only its own original.
      for (const ad of [copy, original]) await page.request.delete(`/api/ads/${ad.id}`, { headers });
      await context.close();
    }
  });
}

async function moderate(
  page: Page,
  headers: Record<string, string>,
  o: {
    width: number;
    tag: string;
    original: { id: number };
    copy: { id: number };
    originalHeading: string;
    copyHeading: string;
  },
) {
  const { width, tag, original, copy, originalHeading, copyHeading } = o;
  // The check runs in the background a moment after posting: wait for its hold.
  await expect
    .poll(
      async () => {
        const queue = await (await page.request.get('/api/moderation', { headers })).json();
        return queue.pendingAds.some((a: { id: number }) => a.id === copy.id);
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  await page.goto('/admin/moderation');
  const pending = page.getByRole('region', { name: 'Pending review' });
  const card = pending.locator('li', { has: page.getByRole('link', { name: copyHeading, exact: true }) }).first();
  const reason = `Same photo as ad ${original.id} by another account`;
  await expect(card.getByText('Fraud signals', { exact: false }).first()).toBeVisible();
  const flag = card.getByRole('list', { name: 'Fraud signals' }).getByRole('listitem').filter({ hasText: reason });
  await expect(flag.getByText(reason)).toBeVisible();
  // Both ads side by side: photos, headings and sellers.
  await expect(flag.getByRole('link', { name: copyHeading, exact: true })).toBeVisible();
  await expect(flag.getByRole('link', { name: originalHeading, exact: true })).toBeVisible();
  await expect(flag.getByText(`By Carl Copier ${tag}`)).toBeVisible();
  await expect(flag.getByText(`By Olivia Original ${tag}`)).toBeVisible();
  await expect(flag.getByRole('img', { name: copyHeading })).toBeVisible();
  await expect(flag.getByRole('img', { name: originalHeading })).toBeVisible();
  for (const img of await flag.getByRole('img').all())
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  // Nothing scrolls sideways, even on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(`fraud-flag-${width}.png`) });

  await flag.getByRole('button', { name: 'Dismiss flag' }).click();
  const dialog = page.getByRole('dialog', { name: `Dismiss “${reason}”?` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Note').fill('Same model, photo from the maker');
  await dialog.getByRole('button', { name: 'Dismiss flag' }).click();
  await expect(page.getByText('Flag dismissed. This match will not be raised again.')).toBeVisible();
  await expect(pending.getByRole('link', { name: copyHeading, exact: true })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath(`fraud-flag-dismissed-${width}.png`) });

  // Back on the site, and the dismissal is in the audit log.
  const back = await page.request.get(`/api/all-ads?search=${encodeURIComponent(tag)}&limit=10`);
  const ids = (await back.json()).ads.map((a: { id: number }) => a.id);
  expect(ids).toEqual(expect.arrayContaining([original.id, copy.id]));
  await page.goto('/admin/moderation/audit-log');
  await expect(page.getByText(copyHeading).first()).toBeVisible();
}
