import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { sessionToken, signInAsAdmin } from './admin-helpers.ts';
import { postAdThroughApi, signUpThroughApi } from './api-setup.ts';

/**
 * "Admin that runs a site" (issue 18), at 1280 and 375 px: the dashboard's figures move when an
 * ad is posted, the ad table filters by seller (kept in the address), a page created with bold
 * text is published at its own address and linked from the footer, and Terms and Privacy show
 * the settings' contact details, the page record's real "Last updated" date and no contrast
 * failure.
 */

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const figure = async (locator: Locator) => Number(await locator.textContent());
/** The legal pages date their text by month ("December 2024"). */
const monthDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/** Today's count in the chart's table ("Show the figures"): its last row. */
async function todaysNewAds(page: Page): Promise<number> {
  const figures = page.getByText('Show the figures');
  if ((await page.locator('details[open]').count()) === 0) await figures.click();
  const today = page.locator('details table tbody tr').last();
  await expect(today.locator('th')).toHaveText(
    new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date()),
  );
  return Number(await today.locator('td').textContent());
}

for (const width of [1280, 375]) {
  test.describe(`the admin runs the site at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 812 } });

    test('the dashboard counts a new ad, and the ad table filters by its seller', async ({ page, browser }) => {
      await signInAsAdmin(page);
      const live = page.getByTestId('stat-live-ads');
      const fresh = page.getByTestId('stat-new-ads');
      await expect(live).toHaveText(/^\d+$/);
      const before = { live: await figure(live), fresh: await figure(fresh), today: await todaysNewAds(page) };
      const users = await figure(page.getByTestId('stat-users'));

      // A new seller posts an ad (in their own browser).
      const sellerName = `Seller ${tag()}`;
      const heading = `Oak desk ${tag()}`;
      const other = await browser.newContext();
      const sellerPage = await other.newPage();
      await signUpThroughApi(sellerPage, sellerName);
      await postAdThroughApi(sellerPage, heading);
      await other.close();

      await page.reload();
      await expect(live).toHaveText(String(before.live + 1));
      await expect(fresh).toHaveText(String(before.fresh + 1));
      await expect(page.getByTestId('stat-users')).toHaveText(String(users + 1));
      expect(await todaysNewAds(page)).toBe(before.today + 1);
      await expect(page.getByRole('img', { name: /^New ads per day, last 30 days\./ })).toBeVisible();

      // The ad table: pick the seller; the address keeps the choice.
      await page.goto('/admin/ads');
      const seller = page.getByLabel('Seller');
      await seller.selectOption({ label: `${sellerName} (1)` });
      await expect(page).toHaveURL(/\/admin\/ads\?seller=\d+$/);
      await expect(page.getByText(/^1–1 of 1$/)).toBeVisible();
      await expect(page.getByText(heading)).toBeVisible();
      await expect(page.getByRole('button', { name: sellerName })).toBeVisible();
      if (width > 600) {
        for (const name of ['Seller', 'Created', 'Status']) {
          await expect(page.getByRole('columnheader', { name })).toBeVisible();
        }
        await expect(page.locator('table tbody tr')).toHaveCount(1);
      }
      await page.reload();
      await expect(seller).toHaveValue(/^\d+$/);
      await expect(page.getByText(heading)).toBeVisible();
      await seller.selectOption({ label: 'All sellers' });
      await expect(page).toHaveURL(/\/admin\/ads$/);
      await expect(page.getByText(/^1–5 of /)).toBeVisible();
    });

    test('a page created with bold text is published at its own address and in the footer', async ({ page }) => {
      await signInAsAdmin(page);
      const name = `Shipping ${tag()}`;
      const slug = name.toLowerCase().replace(/\s+/g, '-');
      await page.goto('/admin/pages');
      await page.getByRole('link', { name: 'Create Page' }).click();
      await expect(page.getByRole('heading', { name: 'Page Details' })).toBeVisible();
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Name').blur();
      await expect(page.getByText(`Slug: ${slug}. Published at /${slug}`)).toBeVisible();
      await page.getByLabel('Keyword').fill('shipping, returns');
      await page.getByLabel('Template').selectOption('default');
      const editor = page.getByRole('textbox', { name: 'Content' });
      await editor.click();
      await editor.pressSequentially('Parcels leave ');
      await editor.press('ControlOrMeta+b');
      await editor.pressSequentially('within two days');
      await editor.press('ControlOrMeta+b');
      await editor.pressSequentially('.');
      await page.getByLabel(/^Show in footer/).check();
      await page.getByRole('button', { name: 'Create Page' }).click();
      await expect(page).toHaveURL(/\/admin\/pages$/);
      await expect(page.getByRole('status').filter({ hasText: 'Page created successfully' }).first()).toBeVisible();

      await page.goto(`/${slug}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.locator('article strong')).toHaveText('within two days');
      await expect(page.getByRole('article')).toContainText('Parcels leave within two days.');
      const footerLink = page.getByRole('contentinfo').getByRole('link', { name });
      await expect(footerLink).toHaveAttribute('href', `/${slug}`);

      // The site's own addresses stay its own, and an unknown address is still a 404.
      const missing = await page.goto(`/${slug}-not-here`);
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
      const sitemap = await (await page.request.get('/sitemap-pages.xml')).text();
      expect(sitemap).toContain(`/${slug}</loc>`);

      // Tidy up: the page goes, and so does its address.
      const token = await sessionToken(page);
      const auth = { authorization: `Bearer ${token}` };
      const pages = (await (await page.request.get('/api/get-all-pages', { headers: auth })).json()) as {
        data: { id: number; slug: string }[];
      };
      const made = pages.data.find((p) => p.slug === slug);
      expect((await page.request.delete(`/api/pages/${made?.id}`, { headers: auth })).ok()).toBe(true);
      expect((await page.goto(`/${slug}`))?.status()).toBe(404);
    });

    test('Terms and Privacy show the settings’ contact details, a real date and pass the contrast check', async ({
      page,
    }) => {
      const settings = (await (await page.request.get('/api/get-settings')).json()).data[0] as {
        email: string;
        phone: string;
        address: string;
      };
      expect(settings.email).not.toBe('');
      for (const [path, section] of [
        ['/terms-of-service', 'Contact Information'],
        ['/privacy-policy', 'Contact Us'],
      ] as const) {
        await page.goto(path);
        const contact = page.locator('section').filter({ has: page.getByRole('heading', { name: section }) });
        await expect(contact.getByRole('link', { name: settings.email })).toHaveAttribute(
          'href',
          `mailto:${settings.email}`,
        );
        await expect(contact).toContainText(settings.address);
        await expect(contact).not.toContainText('example.com');
        await expect(contact).not.toContainText('Anytown');

        // "Last updated" is the page record's last save, shown in the band and under the text.
        await signInAsAdmin(page);
        const token = await sessionToken(page);
        const pages = (await (
          await page.request.get('/api/get-all-pages', { headers: { authorization: `Bearer ${token}` } })
        ).json()) as { data: { slug: string; updatedAt: string }[] };
        const record = pages.data.find((p) => p.slug === path.slice(1));
        expect(record, `${path} has its page record`).toBeTruthy();
        await page.goto(path);
        await expect(page.getByText(`Last updated ${monthDate(record!.updatedAt)}`, { exact: true })).toBeVisible();
        await expect(page.getByRole('article').locator('time')).toHaveAttribute(
          'datetime',
          new Date(record!.updatedAt).toISOString(),
        );
        const contrast = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
        expect(contrast.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
        await page.context().clearCookies();
      }
    });
  });
}
