import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { hydrated } from './page-helpers.ts';
import { toastWith } from './toasts.ts';

/**
 * The public marketplace in a real browser, on the demo catalogue the server seeds into
 * its fresh database. Expected numbers come from the public API, so the tests hold
 * whatever the demo content is.
 */

type TAd = { slug: string; heading: string; price: number; category: string; category_slug: string };
type TList = { ads: TAd[]; total: number; totalPages: number };

async function listAds(request: APIRequestContext, query: Record<string, string | number> = {}): Promise<TList> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await request.get(`/api/all-ads?${qs}`);
  expect(res.ok()).toBe(true);
  return res.json();
}

async function categories(request: APIRequestContext): Promise<{ name: string; slug: string; count: number }[]> {
  const res = await request.get('/api/get-settings');
  return (await res.json()).data[0].categories;
}

/** Opens a page with the ad list and waits for its island. */
async function openList(page: Page, url = '/') {
  await page.goto(url);
  await hydrated(page, 'AdBrowser');
}

const resultLine = (page: Page) => page.getByRole('heading', { name: /^Search Results: Showing/ });
const cards = (page: Page) => page.locator('article').filter({ has: page.getByRole('link', { name: /^Details/ }) });
const cardPrices = async (page: Page) =>
  (await cards(page).locator('p.text-xl').allTextContents()).map((t) =>
    // An ad priced 0 shows "Free".
    t.trim() === 'Free' ? 0 : Number(t.replace(/[$,]/g, '')),
  );

test.describe('Browse Ads List', () => {
  test('a visitor sees the first page with the result line and pagination', async ({ page, request }) => {
    const all = await listAds(request);
    await openList(page);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Browse Ads List');
    await expect(resultLine(page)).toHaveText(`Search Results: Showing 1–10 of ${all.total} Listings`);
    await expect(cards(page)).toHaveCount(10);
    await expect(cards(page).first()).toContainText(all.ads[0].heading);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
  });

  test('a visitor filters by keyword, category and price through the filters', async ({ page, request }) => {
    const [cat] = (await categories(request)).filter((c) => c.count > 1);
    const sample = (await listAds(request, { category: cat.slug })).ads[0];
    const keyword = sample.heading.split(/\s+/).find((w) => /^[a-z]{4,}$/i.test(w)) ?? sample.heading.split(' ')[0];
    await openList(page);

    await page.getByLabel('Search', { exact: true }).fill(keyword);
    await expect(page).toHaveURL(new RegExp(`psearchKeyword=${encodeURIComponent(keyword)}`));
    const byKeyword = await listAds(request, { search: keyword });
    await expect(resultLine(page)).toContainText(`of ${byKeyword.total} Listings`);
    await expect(cards(page).first()).toContainText(byKeyword.ads[0].heading);

    await page.getByLabel('Search', { exact: true }).fill('');
    // Other tests of the suite post ads meanwhile: the count shown is the category's count
    // when the page was rendered, between what the API said before and after.
    const before = (await listAds(request, { category: cat.slug })).total;
    await page.getByRole('link', { name: new RegExp(`^${cat.name}\\s*\\d+$`) }).click();
    await expect(page).toHaveURL(new RegExp(`pselectedCategory=${cat.slug}`));
    await expect
      .poll(async () => {
        const shown = Number(/ of (\d+) Listings/.exec((await resultLine(page).textContent()) ?? '')?.[1]);
        const after = (await listAds(request, { category: cat.slug })).total;
        return shown >= Math.min(before, after) && shown <= Math.max(before, after);
      })
      .toBe(true);
    for (const text of await cards(page).locator('p.uppercase').allTextContents()) expect(text).toBe(cat.name);

    const prices = (await listAds(request, { category: cat.slug, limit: 100 })).ads
      .map((a) => a.price)
      .sort((a, b) => a - b);
    const min = prices[0];
    const max = prices[Math.floor(prices.length / 2)];
    await page.getByLabel('Min price').fill(String(min));
    await page.getByLabel('Max price').fill(String(max));
    await page.getByRole('button', { name: 'Apply price' }).click();
    await expect(page).toHaveURL(new RegExp(`pminPrice=${min}.*pmaxPrice=${max}`));
    const expected = prices.filter((p) => p >= min && p <= max).length;
    await expect(resultLine(page)).toContainText(`of ${expected} Listings`);
    for (const p of await cardPrices(page)) {
      expect(p).toBeGreaterThanOrEqual(min);
      expect(p).toBeLessThanOrEqual(max);
    }
  });

  test('filters in the address bar prefill the form and the server renders that list', async ({ page, request }) => {
    const [cat] = (await categories(request)).filter((c) => c.count > 0);
    const list = await listAds(request, { category: cat.slug, min_price: 1, max_price: 10000000 });
    const url = `/?psearchKeyword=&pselectedCategory=${cat.slug}&pminPrice=1&pmaxPrice=10000000`;
    // The HTML itself (no script) already holds the filtered list.
    const html = await (await request.get(url)).text();
    const text = html
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&#39;|&#x27;/g, "'")
      .replace(/&quot;/g, '"');
    expect(text).toContain(`of ${list.total} Listings`);
    expect(text).toContain(list.ads[0].heading);

    await openList(page, url);
    await expect(page.getByLabel('Min price')).toHaveValue('1');
    await expect(page.getByLabel('Max price')).toHaveValue('10000000');
    await expect(page.getByRole('link', { name: new RegExp(`^${cat.name}`) })).toHaveAttribute('aria-current', 'true');
    await expect(resultLine(page)).toContainText(`of ${list.total} Listings`);

    const keyword = list.ads[0].heading.split(' ')[0];
    await page.goto(`/home?psearchKeyword=${encodeURIComponent(keyword)}`);
    await expect(page.getByLabel('Search', { exact: true })).toHaveValue(keyword);
    const byKeyword = await listAds(request, { search: keyword });
    await expect(resultLine(page)).toContainText(`of ${byKeyword.total} Listings`);
  });

  test('a visitor sorts by lowest and by highest price', async ({ page }) => {
    await openList(page);
    await page.getByLabel('Sort by').selectOption({ label: 'Lowest Price' });
    await expect(page).toHaveURL(/sort=price-asc/);
    let prices: number[] = [];
    await expect(async () => {
      prices = await cardPrices(page);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(prices[0]).toBeLessThan(prices[prices.length - 1]);
    }).toPass();

    await page.getByLabel('Sort by').selectOption({ label: 'Highest Price' });
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect(async () => {
      prices = await cardPrices(page);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
      expect(prices[0]).toBeGreaterThan(prices[prices.length - 1]);
    }).toPass();

    await page.getByLabel('Sort by').selectOption({ label: 'Default' });
    await expect(page).not.toHaveURL(/sort=/);
  });

  test('a visitor pages through the list; Prev and Next stop at the ends and a filter goes back to page 1', async ({
    page,
    request,
  }) => {
    const all = await listAds(request);
    await openList(page);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await pager.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(resultLine(page)).toHaveText(`Search Results: Showing 11–20 of ${all.total} Listings`);
    await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await pager.getByRole('link', { name: `Page ${all.totalPages}` }).click();
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(resultLine(page)).toContainText(`${(all.totalPages - 1) * 10 + 1}–${all.total} of`);

    await pager.getByRole('link', { name: 'Prev' }).click();
    await expect(page).toHaveURL(new RegExp(`page=${all.totalPages - 1}`));

    await page.getByLabel('Sort by').selectOption({ label: 'Lowest Price' });
    await expect(resultLine(page)).toContainText('Showing 1–10 of');
    await expect(page).not.toHaveURL(/page=/);
  });

  test('a search with no match shows the empty state and no pagination', async ({ page }) => {
    await openList(page);
    await page.getByLabel('Search', { exact: true }).fill('zzqxnomatchzz');
    await expect(page.getByText('No results found.')).toBeVisible();
    await expect(page.getByText('Try adjusting your search or category filter.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
    await expect(resultLine(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('No results found.')).toBeVisible();
  });

  test('a card opens its ad page', async ({ page, request }) => {
    const first = (await listAds(request)).ads[0];
    await page.goto('/');
    await cards(page)
      .first()
      .getByRole('link', { name: /^Details/ })
      .click();
    await expect(page).toHaveURL(`/add-details/${first.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.heading);
  });
});

test.describe('Ad Details', () => {
  async function adWithGallery(request: APIRequestContext) {
    for (const ad of (await listAds(request, { limit: 50 })).ads) {
      const res = await (await request.get(`/api/ads-by-slug/${ad.slug}`)).json();
      const gallery: string[] = JSON.parse(res.adsData.galleryimages);
      if (res.adsData.image && gallery.length > 0) return res;
    }
    throw new Error('No demo ad with a gallery');
  }

  test('a visitor sees the ad and switches the gallery image with a thumbnail', async ({ page, request }) => {
    const { adsData, releatedAds } = await adWithGallery(request);
    await page.goto(`/add-details/${adsData.slug}`);
    await hydrated(page, 'AdGallery');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(adsData.heading);
    await expect(page.getByText('For sell', { exact: true })).toBeVisible();
    await expect(page.getByText(`Seller: ${adsData.user.name}`)).toBeVisible();
    await expect(page.getByText(`$${Number(adsData.price).toLocaleString('en-US')}`).first()).toBeVisible();
    const features: { value: string }[] = JSON.parse(adsData.features);
    if (features.length) await expect(page.getByRole('heading', { name: 'Features' })).toBeVisible();

    const thumbs = page.getByRole('list', { name: 'Photos' }).getByRole('button');
    await expect(thumbs.first()).toHaveAttribute('aria-pressed', 'true');
    await thumbs.nth(1).click();
    await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(thumbs.first()).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText(/^2 \/ \d+$/)).toBeVisible();
    await expect(page.getByTestId('gallery-current')).toHaveAttribute('src', /\/uploads\//);

    if (releatedAds.length) {
      const related = page.getByRole('region', { name: 'Related Ads' });
      await related.scrollIntoViewIfNeeded();
      await expect(related.getByRole('link', { name: releatedAds[0].heading })).toBeAttached();
      await expect(related.getByRole('button', { name: 'Next related ads' })).toBeVisible();
    }
    // Search engines get the product as structured data.
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.some((t) => t.includes('"@type":"Product"') && t.includes('"price"'))).toBe(true);
  });

  test('Apply price in the ad sidebar lands on the home page with the parameters', async ({ page, request }) => {
    const first = (await listAds(request)).ads[0];
    const [cat] = (await categories(request)).filter((c) => c.count > 0);
    await page.goto(`/add-details/${first.slug}`);
    const sidebar = page.getByRole('form', { name: 'Search ads' });
    await sidebar.getByLabel('Search').fill('car');
    await sidebar.getByText(cat.name, { exact: true }).click();
    await sidebar.getByLabel('Min price').fill('10');
    await sidebar.getByLabel('Max price').fill('50000');
    await sidebar.getByRole('button', { name: 'Apply price' }).click();
    await expect(page).toHaveURL(`/?psearchKeyword=car&pselectedCategory=${cat.slug}&pminPrice=10&pmaxPrice=50000`);
    await expect(page.getByLabel('Search', { exact: true })).toHaveValue('car');
    await expect(page.getByLabel('Min price')).toHaveValue('10');
    await expect(page.getByLabel('Max price')).toHaveValue('50000');
  });

  test('an unknown ad gives a 404 page', async ({ page }) => {
    const res = await page.goto('/add-details/no-such-ad-here');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Ad not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse ads' })).toHaveAttribute('href', '/');
  });
});

test.describe('content pages', () => {
  test('the Featured Category grid and search lead to the filtered list', async ({ page, request }) => {
    const [cat] = (await categories(request)).filter((c) => c.count > 0);
    await page.goto('/category');
    await expect(page.getByRole('heading', { name: 'All Category' })).toBeVisible();
    const tile = page.getByRole('link', { name: new RegExp(`^${cat.name}\\s*${cat.count} Ads?$`) });
    await expect(tile).toBeVisible();
    await tile.click();
    await expect(page).toHaveURL(`/?pselectedCategory=${cat.slug}`);
    await expect(resultLine(page)).toContainText(`of ${cat.count} Listings`);

    await page.goto('/category');
    await page.getByLabel('Keyword').fill('blue');
    await page.getByLabel('Category', { exact: true }).selectOption(cat.slug);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(`/?psearchKeyword=blue&pselectedCategory=${cat.slug}`);
  });

  test('the membership modal opens from Select, asks a signed-out visitor to sign in, ignores the backdrop, closes on Escape and cancels', async ({
    page,
  }) => {
    await page.goto('/about-us');
    await page
      .getByRole('button', { name: /^Select / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Membership Form' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(400);
    // Signed out: asked to sign in first, with a way back to this page.
    await expect(dialog).toContainText('Please sign in to choose a plan.');
    await expect(dialog.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', /^\/sign-in\?next=/);

    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: /^Select / }).first()).toBeFocused();

    await page
      .getByRole('button', { name: /^Select / })
      .first()
      .click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('about us shows the testimonials carousel and the plans; membership shows FREE plans', async ({ page }) => {
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(page.locator('[data-testimonials][data-ready]')).toBeAttached();
    await expect(page.getByRole('button', { name: 'Show testimonial 1' })).toHaveAttribute('aria-current', 'true');
    await page.getByRole('button', { name: 'Show testimonial 2' }).click();
    await expect(page.getByRole('button', { name: 'Show testimonial 2' })).toHaveAttribute('aria-current', 'true');
    await page.getByRole('button', { name: 'Reinitialize Carousel' }).click();
    await expect(page.getByRole('button', { name: 'Show testimonial 1' })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('columnheader', { name: 'Level' })).toBeVisible();

    await page.goto('/membership');
    await expect(page.getByRole('heading', { level: 1, name: 'Membership Plan' })).toBeVisible();
    for (const h of ['Level', 'Type', 'Price', 'Action'])
      await expect(page.getByRole('columnheader', { name: h })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'FREE' }).first()).toBeVisible();
  });

  test('the FAQ accordion starts with the second answer open and the question form checks its fields', async ({
    page,
  }) => {
    await page.goto('/faqs');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Question' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText("Faq's");
    const items = page.locator('details');
    await expect(items.nth(1)).toHaveAttribute('open', '');
    await expect(items.nth(0)).not.toHaveAttribute('open', '');
    await items.nth(0).locator('summary').click();
    await expect(items.nth(0)).toHaveAttribute('open', '');

    const form = page.getByRole('form', { name: 'Ask Your Valuable Questions' });
    await form.getByRole('button', { name: 'Submit Now' }).click();
    await expect(toastWith(page, 'Please enter your name.')).toBeVisible();
    await form.getByLabel('Name').fill('Ann');
    await form.getByRole('button', { name: 'Submit Now' }).click();
    await expect(toastWith(page, 'Please enter your email.')).toBeVisible();
    await form.getByLabel('Email').fill('ann@example.com');
    await form.getByRole('button', { name: 'Submit Now' }).click();
    await expect(toastWith(page, 'Please enter your phone number.')).toBeVisible();
    await form.getByLabel('Phone').fill('555 0100');
    await form.getByRole('button', { name: 'Submit Now' }).click();
    await expect(toastWith(page, 'Please enter your message.')).toBeVisible();
    await form.getByLabel('Message').fill('Can I post ads for free?');
    await form.getByRole('button', { name: 'Submit Now' }).click();
    await expect(page.getByText('Your question was sent')).toBeVisible();
    await expect(page).toHaveURL('/faqs');
  });

  test('the newsletter checks the email and asks to confirm the subscription', async ({ page }) => {
    await page.goto('/category');
    const band = page.getByRole('region', { name: 'Subscribe to our newsletter' });
    await band.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(toastWith(page, 'Please enter your email.')).toBeVisible();
    await band.getByLabel('Email address').fill('nope');
    await band.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(toastWith(page, 'Please enter a valid email.')).toBeVisible();
    await band.getByLabel('Email address').fill('reader@example.com');
    await band.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(page.getByText('Please check your inbox')).toBeVisible();
    await expect(band.getByLabel('Email address')).toHaveValue('');
  });
});
