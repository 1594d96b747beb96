import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { verifyEmailThroughApi } from './api-setup.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The outbox of the server under test (playwright.config.ts: DATA_DIR=data/e2e-<port>). */
function outboxDir(): string {
  const port = new URL(String(test.info().project.use.baseURL)).port;
  return path.resolve('data', `e2e-${port}`, 'outbox');
}

/** The mails to `email` in the outbox, bodies decoded from quoted-printable. */
function mailsTo(email: string): string[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
    .map((raw) =>
      Buffer.from(
        raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16))),
        'latin1',
      ).toString('utf8'),
    )
    .filter((text) => text.includes(`To: ${email}`));
}

async function signUpByApi(page: Page, name: string) {
  const email = `saved-${unique()}@example.com`;
  const res = await page.request.post('/api/user/signup', {
    data: { name, email, password: 'secret123', cpassword: 'secret123' },
  });
  expect(res.ok()).toBe(true);
  return email;
}

/** Another person, in their own browser, posts an ad through the API. */
async function postAdAsSeller(browser: Browser, heading: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpByApi(page, 'Sven Seller');
  const res = await page.request.post('/api/ads/add', {
    multipart: {
      heading,
      description: '<p>Solid wood, barely used.</p>',
      category: 'furniture',
      price: '240',
      rating: '4',
      location: 'Tromsø',
      features: '[]',
      make_as_featured: 'N',
    },
  });
  expect(res.status()).toBe(201);
  const ad = (await res.json()).adsData as { id: number; slug: string; user_id: number };
  await context.close();
  return ad;
}

test('a visitor saves a search, a matching ad is mailed to them, its link opens the ad, and unsubscribing works', async ({
  page,
  browser,
}) => {
  const word = `kayak${unique()}`;
  // The account exists, but this browser is signed out.
  const signUpContext = await browser.newContext();
  const signUpPage = await signUpContext.newPage();
  const email = await signUpByApi(signUpPage, 'Bea Buyer');
  // Alerts go only to a verified address: she opens the sign-up mail's link.
  await verifyEmailThroughApi(signUpPage, email);
  await signUpContext.close();

  await page.goto(`/?psearchKeyword=${word}`);
  await page.locator('astro-island[component-url*="/AdBrowser."]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Save this search' }).click();
  // Signed out: to sign in, and back to the same list, where the search is saved.
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await page.locator('astro-island[component-url*="/SignInForm."]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?psearchKeyword=${word}$`));
  await expect(page.getByTestId('saved-search-link')).toBeVisible();

  // Another user posts a matching ad; the server's workers match it and send the alert.
  const ad = await postAdAsSeller(browser, `Sea ${word} with paddle`);
  let mail = '';
  await expect
    .poll(() => (mail = mailsTo(email).find((m) => m.includes(word)) ?? ''), { timeout: 120_000, intervals: [1000] })
    .not.toBe('');
  expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const adLink = /https?:\/\/\S+\/add-details\/\S+/.exec(mail)?.[0] ?? '';
  expect(adLink).toContain(ad.slug);
  await page.goto(adLink);
  await expect(page.getByRole('heading', { name: `Sea ${word} with paddle` })).toBeVisible();

  // The saved search shows the find as new, once.
  await page.goto('/admin/saved-searches');
  const row = page.getByTestId('saved-search-row').filter({ hasText: word });
  await expect(row.getByText('1 new since your last visit')).toBeVisible();
  await row.getByRole('link', { name: word }).click();
  await expect(page.getByTestId('new-since')).toHaveText('1 new ad since your last visit');
  await expect(page.getByRole('link', { name: new RegExp(`Sea ${word}`) }).first()).toBeVisible();

  // Unsubscribing from the mail's link: the page asks, the button turns the alerts off.
  const unsubscribe = /https?:\/\/\S+\/unsubscribe\/[a-z0-9]+/.exec(mail)?.[0] ?? '';
  await page.goto(unsubscribe);
  await page.locator('astro-island[component-url*="/UnsubscribeButton."]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByTestId('unsubscribed')).toBeVisible();
  await page.goto('/admin/saved-searches');
  await expect(
    page.getByTestId('saved-search-row').filter({ hasText: word }).getByRole('combobox', { name: 'Alerts' }),
  ).toHaveValue('off');

  // A second matching ad is still found (the count shows it) but mailed no more.
  await postAdAsSeller(browser, `River ${word} for two`);
  await expect
    .poll(
      async () => {
        const list = await (await page.request.get('/api/saved-searches')).json();
        return list.savedSearches.find((s: { search: string }) => s.search === word)?.newCount;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe(1);
  expect(mailsTo(email).filter((m) => m.includes(word))).toHaveLength(1);
});

test('the seller page shows the seller, member since, their ads and the sold count; the ad page links to it', async ({
  page,
  browser,
}) => {
  const word = `stool${unique()}`;
  const ad = await postAdAsSeller(browser, `Oak ${word}`);
  await page.goto(`/add-details/${ad.slug}`);
  await page.getByTestId('seller-link').click();
  await expect(page).toHaveURL(/\/seller\/\d+-sven-seller$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sven Seller' })).toBeVisible();
  await expect(page.getByText(/^Member since /)).toBeVisible();
  await expect(page.getByTestId('seller-active')).toHaveText('1 ad on offer');
  await expect(page.getByTestId('seller-fact-sold')).toHaveText('0 sold');
  await expect(page.getByRole('link', { name: new RegExp(`Oak ${word}`) }).first()).toBeVisible();
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
  // The seller is a Person, alone or in a @graph beside their rating and reviews.
  const nodes: { '@type'?: string; name?: string }[] = ld['@graph'] ?? [ld];
  const person = nodes.find((n) => n['@type'] === 'Person');
  expect(person?.name).toBe('Sven Seller');
  expect(await page.content()).not.toContain('@example.com');
});

test('screenshots: saved searches and a seller page at 1280 and 375', async ({ page, browser }) => {
  const word = `lamp${unique()}`;
  const ad = await postAdAsSeller(browser, `Brass ${word}`);
  await signUpByApi(page, 'Shot Taker');
  // The admin app reads the signed-in user from storage, as the sign-in form leaves it.
  const me = await (await page.request.get('/api/user/me')).json();
  await page.goto('/');
  await page.evaluate(
    (user) => {
      localStorage.setItem('auth_token', JSON.stringify({ expiry: Date.now() + 3600_000 }));
      localStorage.setItem('userinfo', JSON.stringify(user));
    },
    me.userinfo ?? me.user ?? me,
  );
  for (const [search, frequency] of [
    [word, 'instant'],
    ['sofa', 'daily'],
    ['', 'off'],
  ] as const) {
    const res = await page.request.post('/api/saved-searches', {
      data: { search, category: search === 'sofa' ? 'furniture' : '', minPrice: 50, maxPrice: 400, frequency },
    });
    expect(res.status()).toBe(201);
  }
  const dir = path.resolve('test-results', 'saved-searches');
  fs.mkdirSync(dir, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/saved-searches');
    await expect(page.getByTestId('saved-search-row')).toHaveCount(3);
    await page.screenshot({ path: path.join(dir, `saved-searches-${width}.png`), fullPage: true });
    await page.goto(`/seller/${ad.user_id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: path.join(dir, `seller-${width}.png`), fullPage: true });
  }
});
