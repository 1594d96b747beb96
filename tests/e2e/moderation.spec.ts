import { type Browser, expect, type Page, test } from '@playwright/test';
import { filterBox, sessionToken, signInAsAdmin } from './admin-helpers.ts';
import { postAdThroughApi, signUpThroughApi, verifyEmailThroughApi } from './api-setup.ts';

// Reports, the moderation queue and bans, as visitors, sellers and an admin see them.

// One word of letters and digits: a hyphen before a digit ("…-6pre") is read by the search
// parser as a signed number, and such a heading would not be found by its own words.
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const signUp = (page: Page, name: string) => signUpThroughApi(page, name, 'mod');
const postAd = (page: Page, heading: string) =>
  postAdThroughApi(page, heading, {
    description: '<p>Brand new, still sealed.</p>',
    category: 'electronics',
    price: '90',
    location: 'Lagos',
  });

const searchFor = (heading: string) => `/?psearchKeyword=${encodeURIComponent(heading)}`;

/** A visitor in a browser of their own, from an address of their own, reports the ad through its page. */
async function reportThroughPage(browser: Browser, slug: string, width: number, address: string) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  const page = await context.newPage();
  const reporter = await signUp(page, `Reporter ${unique()}`);
  // Reports count toward holding an ad only from verified accounts.
  await verifyEmailThroughApi(page, reporter.email);
  await page.goto(`/add-details/${slug}`);
  const report = page.getByRole('button', { name: 'Report this ad' });
  await report.scrollIntoViewIfNeeded();
  await page.locator('astro-island[component-url*="/ReportAd."]:not([ssr])').waitFor({ state: 'attached' });
  await report.click();
  const dialog = page.getByRole('dialog', { name: 'Report this ad' });
  await expect(dialog).toBeVisible();
  // Sending with no reason says so at the field.
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Please choose a reason.')).toBeVisible();
  await dialog.getByLabel('Scam or fraud').check();
  await dialog.getByLabel('Details (optional)').fill('Asked me to pay by gift card.');
  if (width < 640) await page.screenshot({ path: test.info().outputPath('report-dialog-375.png') });
  else await page.screenshot({ path: test.info().outputPath('report-dialog-1280.png') });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. Our team will look at this ad.')).toBeVisible();
  await expect(page.getByTestId('reported')).toHaveText(/Reported — thank you/);
  await context.close();
}

/** Sets the moderation rules' minimum account age for a counting report; answers the rules before. */
async function setReportAge(browser: Browser, hours: number) {
  const page = await browser.newPage();
  await signInAsAdmin(page);
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const before = (await (await page.request.get('/api/moderation/settings', { headers })).json()).data;
  const res = await page.request.put('/api/moderation/settings', {
    headers,
    data: { ...before, reportMinAccountAgeHours: hours },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.close();
  return before as { reportMinAccountAgeHours: number };
}

test('three visitors report an ad, it leaves search, an admin approves it and it is back', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'Sid Seller');
  const heading = `Sealed headphones ${unique()}`;
  const ad = await postAd(page, heading);
  await page.goto(searchFor(heading));
  await expect(page.getByRole('link', { name: heading, exact: true })).toBeVisible();
  // The owner is not offered a report link on their own ad.
  await page.goto(`/add-details/${ad.slug}`);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Report this ad' })).toHaveCount(0);

  // Reports count toward the hold from verified accounts old enough, once per address: these
  // reporters sign up during the test, so the admin lets new accounts count for its duration.
  const rules = await setReportAge(browser, 0);
  try {
    await reportThroughPage(browser, ad.slug, 1280, '198.51.100.21');
    await reportThroughPage(browser, ad.slug, 375, '198.51.100.22');
    await reportThroughPage(browser, ad.slug, 1280, '198.51.100.23');
  } finally {
    await setReportAge(browser, rules.reportMinAccountAgeHours);
  }

  // Held for review: out of search, and its page says so.
  const visitor = await browser.newPage();
  await visitor.goto(searchFor(heading));
  await expect(visitor.getByRole('link', { name: heading, exact: true })).toHaveCount(0);
  const held = await visitor.goto(`/add-details/${ad.slug}`);
  expect(held?.status()).toBe(404);

  const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signInAsAdmin(admin);
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Moderation' }).click();
  await expect(admin).toHaveURL(/\/admin\/moderation$/);
  const pendingSection = admin.getByRole('region', { name: 'Pending review' });
  const card = pendingSection.getByRole('listitem').filter({ hasText: heading });
  await expect(card).toContainText('Reported by visitors');
  await expect(card.getByRole('list', { name: 'Reports' }).getByRole('listitem')).toHaveCount(3);
  await expect(card).toContainText('Asked me to pay by gift card.');
  await admin.screenshot({ path: test.info().outputPath('moderation-1280.png'), fullPage: true });
  await admin.setViewportSize({ width: 375, height: 800 });
  await admin.screenshot({ path: test.info().outputPath('moderation-375.png'), fullPage: true });
  await admin.setViewportSize({ width: 1280, height: 900 });
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Ad approved.')).toBeVisible();
  await expect(pendingSection.getByRole('listitem').filter({ hasText: heading })).toHaveCount(0);

  // Back in search for everyone, and the approval is in the audit log.
  await visitor.goto(searchFor(heading));
  await expect(visitor.getByRole('link', { name: heading, exact: true })).toBeVisible();
  await admin.getByRole('link', { name: 'Audit log' }).click();
  await expect(admin.getByRole('list', { name: 'Audit log' }).getByRole('listitem').first()).toContainText(
    `Approved ad “${heading}”`,
  );
});

test('a banned user is signed out, cannot sign in, and their ads are gone', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const name = `Ben Banned ${unique()}`;
  const seller = await signUp(page, name);
  const heading = `Cheap phones ${unique()}`;
  const ad = await postAd(page, heading);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();

  // One report puts the ad in front of the moderators.
  await reportThroughPage(browser, ad.slug, 1280, '198.51.100.31');

  const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signInAsAdmin(admin);
  await admin.goto('/admin/moderation');
  const card = admin.getByRole('region', { name: 'Reported ads' }).getByRole('listitem').filter({ hasText: heading });
  await card.getByRole('button', { name: `Ban ${name}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Ban ${name}?` });
  await dialog.getByLabel('Reason (optional)').fill('Selling stolen phones');
  await dialog.getByRole('button', { name: 'Ban user' }).click();
  await expect(admin.getByText('User banned. Their ads are hidden and their sessions ended.')).toBeVisible();
  const banned = admin.getByRole('region', { name: 'Banned users' }).getByRole('listitem').filter({ hasText: name });
  await expect(banned).toContainText('Selling stolen phones');

  // Their open session is over: the admin area sends them to sign in.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/sign-in/);
  await page.locator('astro-island[component-url*="/SignInForm."]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill(seller.email);
  await page.getByLabel('Password', { exact: true }).fill(seller.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Said in a toast and kept at the form, where it stays after the toast fades.
  const suspended = 'Your account has been suspended. Please contact us if you think this is a mistake.';
  await expect(page.locator('[data-rht-toaster]').getByText(suspended)).toBeVisible();
  await expect(page.locator('form').getByRole('alert')).toHaveText(suspended);
  await expect(page).toHaveURL(/\/sign-in/);
  await page.screenshot({ path: test.info().outputPath('banned-sign-in-1280.png') });

  const visitor = await browser.newPage();
  await visitor.goto(searchFor(heading));
  await expect(visitor.getByRole('link', { name: heading, exact: true })).toHaveCount(0);

  // Unbanned, they can sign in again.
  await banned.getByRole('button', { name: `Unban ${name}` }).click();
  await admin
    .getByRole('dialog', { name: `Unban ${name}?` })
    .getByRole('button', { name: 'Unban user' })
    .click();
  await expect(admin.getByText('User unbanned.')).toBeVisible();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('a removed ad’s owner is banned from the queue, unbanned on Users and banned again on their edit screen', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Rita Removed ${unique()}`;
  const seller = await signUp(page, name);
  const heading = `Fake concert tickets ${unique()}`;
  const ad = await postAd(page, heading);
  await reportThroughPage(browser, ad.slug, 1280, '198.51.100.41');

  const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signInAsAdmin(admin);
  await admin.goto('/admin/moderation');
  const reported = admin
    .getByRole('region', { name: 'Reported ads' })
    .getByRole('listitem')
    .filter({ hasText: heading });
  await reported.getByRole('button', { name: 'Remove', exact: true }).click();
  const remove = admin.getByRole('dialog', { name: `Remove “${heading}”?` });
  await remove.getByLabel('Reason for the owner').fill('These tickets do not exist.');
  await remove.getByRole('button', { name: 'Remove ad' }).click();
  await expect(admin.getByText('Ad removed and its owner told why.')).toBeVisible();

  // The removal stays in view with its owner, who can still be banned from there.
  const removed = admin
    .getByRole('region', { name: 'Recently removed' })
    .getByRole('listitem')
    .filter({ hasText: heading });
  await expect(removed).toContainText(`By ${name}`);
  await expect(removed).toContainText('These tickets do not exist.');
  await removed.getByRole('button', { name: `Ban ${name}` }).click();
  const ban = admin.getByRole('dialog', { name: `Ban ${name}?` });
  await ban.getByLabel('Reason (optional)').fill('Ticket fraud');
  await ban.getByRole('button', { name: 'Ban user' }).click();
  await expect(admin.getByText('User banned. Their ads are hidden and their sessions ended.')).toBeVisible();
  await expect(removed).toContainText(`By ${name} (banned)`);
  await expect(removed.getByRole('button', { name: `Unban ${name}` })).toBeVisible();
  await removed.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: test.info().outputPath('recently-removed-1280.png') });

  // The Users list shows the ban and lifts it.
  await admin.goto('/admin/users');
  await filterBox(admin).fill(seller.email);
  const row = admin.getByRole('row').filter({ hasText: seller.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Banned', { exact: true })).toBeVisible();
  await expect(admin.getByRole('row')).toHaveCount(2);
  await admin.screenshot({ path: test.info().outputPath('users-banned-1280.png') });
  await row.getByRole('button', { name: `Unban ${name}` }).click();
  await admin
    .getByRole('dialog', { name: `Unban ${name}?` })
    .getByRole('button', { name: 'Unban user' })
    .click();
  await expect(admin.getByText('User unbanned.')).toBeVisible();
  await expect(row.getByText('Banned', { exact: true })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Ban ${name}` })).toBeVisible();

  // The edit-user screen bans again, with the reason shown there.
  await row.getByRole('link', { name: `Edit user ${name}` }).click();
  await expect(admin).toHaveURL(/\/admin\/edit-user\/\d+$/);
  const standing = admin.getByRole('region', { name: 'Account standing' });
  await expect(standing).toContainText('Active.');
  await standing.getByRole('button', { name: `Ban ${name}` }).click();
  const again = admin.getByRole('dialog', { name: `Ban ${name}?` });
  await again.getByLabel('Reason (optional)').fill('Back at it');
  await again.getByRole('button', { name: 'Ban user' }).click();
  await expect(standing).toContainText('Banned: Back at it.');
  await expect(standing.getByRole('button', { name: `Unban ${name}` })).toBeVisible();
  await admin.setViewportSize({ width: 375, height: 800 });
  await admin.screenshot({ path: test.info().outputPath('edit-user-standing-375.png'), fullPage: true });
});
