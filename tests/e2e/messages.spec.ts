import { type Browser, expect, type Page, test } from '@playwright/test';
import { verifyEmailThroughApi } from './api-setup.ts';

/**
 * A buyer asks about an ad in one browser; the seller, with the inbox open in another, sees it
 * arrive without reloading and answers; the buyer sees the answer without reloading. Once on a
 * desktop and once on a 375 px phone.
 */

const SELLER = { email: 'liam@example.com', password: 'customer123', name: 'Liam Carter' };

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.locator('astro-island[component-url*="/SignInForm."]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function newContext(browser: Browser, width: number) {
  return browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 } });
}

for (const width of [1280, 375]) {
  test(`a buyer asks, the seller sees it live and answers, the buyer sees the answer live (${width} px)`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const sellerContext = await newContext(browser, width);
    const buyerContext = await newContext(browser, width);
    const seller = await sellerContext.newPage();
    const buyer = await buyerContext.newPage();

    // The seller signs in and keeps the inbox open.
    await seller.goto('/sign-in?next=/admin/messages');
    await signInThroughForm(seller, SELLER.email, SELLER.password);
    await expect(seller).toHaveURL(/\/admin\/messages$/);
    await expect(seller.getByRole('heading', { name: 'Messages' })).toBeVisible();
    // The demo data gives Liam conversations already: wait for the list before counting.
    await expect(seller.getByTestId('conversation-row').first()).toBeVisible();
    const before = await seller.getByTestId('conversation-row').count();

    // One of the seller's ads that is on offer.
    const mine = await seller.request.get('/api/ads?limit=50&page=1');
    const list = (await mine.json()) as { users: { slug: string; status?: string }[] };
    const ad = list.users.find((a) => (a.status ?? 'active') === 'active');
    expect(ad).toBeTruthy();

    // A new buyer, signed out, presses "Message seller" and is sent to sign in, then back.
    const email = `buyer-${width}-${Date.now()}@example.com`;
    const signup = await buyerContext.request.post('/api/user/signup', {
      data: { name: `Buyer ${width}`, email, password: 'secret123', cpassword: 'secret123' },
    });
    expect(signup.status()).toBe(201);
    // Messaging sellers needs a verified address: the buyer opens the sign-up mail's link.
    await verifyEmailThroughApi(buyer, email);
    await buyerContext.clearCookies();
    await buyer.goto(`/add-details/${ad!.slug}`);
    await buyer.getByRole('link', { name: 'Message seller' }).click();
    await expect(buyer).toHaveURL(/\/sign-in\?next=/);
    await signInThroughForm(buyer, email, 'secret123');
    await expect(buyer).toHaveURL(new RegExp(`/add-details/${ad!.slug}#message$`));
    const box = buyer.getByRole('textbox', { name: `Message to ${SELLER.name}` });
    await expect(box).toHaveValue('Hi, is this still available?');
    await buyer.getByRole('button', { name: 'Send' }).click();
    await expect(buyer.getByText('Your message was sent.')).toBeVisible();
    await buyer.getByRole('link', { name: 'Open the conversation' }).click();
    await expect(buyer).toHaveURL(/\/admin\/messages\/\d+$/);
    await expect(buyer.getByTestId('message')).toHaveCount(1);

    // The seller's open inbox shows it without a reload, with the unread count.
    await expect(seller.getByTestId('conversation-row')).toHaveCount(before + 1);
    const row = seller.getByTestId('conversation-row').filter({ hasText: `Buyer ${width}` });
    await expect(row).toContainText('Hi, is this still available?');
    await expect(row.getByText('1 unread')).toBeAttached();
    if (width >= 768) await expect(seller.getByTestId('sidebar-unread')).toHaveText('1');
    // In the header bar from 640 px, in the menu on a phone.
    await expect(seller.getByTestId(width >= 640 ? 'header-unread' : 'menu-unread')).toHaveText('1');
    // Nothing of the signed-in header pushes the page sideways.
    expect(await seller.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // An admin page loaded with unread messages hydrates the header's badge without React's
    // hydration error (#418): the badge starts as the server rendered it.
    const pageErrors: string[] = [];
    seller.on('console', (m) => m.type() === 'error' && pageErrors.push(m.text()));
    seller.on('pageerror', (e) => pageErrors.push(e.message));
    await seller.reload();
    await expect(seller.getByTestId(width >= 640 ? 'header-unread' : 'menu-unread')).toHaveText('1');
    expect(pageErrors.filter((e) => /#418|hydrat/i.test(e))).toEqual([]);
    await row.click();
    await expect(seller.getByTestId('message').first()).toContainText('Hi, is this still available?');
    // Opening the thread read it.
    await expect(seller.getByTestId(width >= 640 ? 'header-unread' : 'menu-unread')).toHaveCount(0);
    await seller.getByRole('textbox', { name: `Message to Buyer ${width}` }).fill('Yes, it is! Come by on Saturday.');
    await seller.getByRole('textbox', { name: `Message to Buyer ${width}` }).press('Enter');

    // The buyer's open thread shows the answer without a reload.
    await expect(buyer.getByTestId('message')).toHaveCount(2);
    await expect(buyer.getByTestId('message').last()).toContainText('Yes, it is! Come by on Saturday.');
    await buyer.screenshot({ path: `test-results/messages-buyer-${width}.png`, fullPage: true });
    await seller.screenshot({ path: `test-results/messages-seller-${width}.png`, fullPage: true });

    // A report needs a reason: an empty one is named under the field and nothing is sent.
    await buyer.getByRole('button', { name: 'Report', exact: true }).click();
    const reason = buyer.getByLabel('Why are you reporting this conversation?');
    await buyer.getByRole('button', { name: 'Send report' }).click();
    await expect(reason).toHaveAccessibleDescription(/Please say why you are reporting this conversation\./);
    await expect(reason).toBeFocused();
    await reason.fill('Asked me to pay by gift card.');
    await buyer.getByRole('button', { name: 'Send report' }).click();
    await expect(reason).toBeHidden();

    // The owner of the ad sees that it is theirs instead of a message button.
    await seller.goto(`/add-details/${ad!.slug}`);
    await expect(seller.getByTestId('own-ad')).toContainText('This is your ad');
    await expect(seller.getByRole('link', { name: 'Message seller' })).toHaveCount(0);
    await sellerContext.close();
    await buyerContext.close();
  });
}
