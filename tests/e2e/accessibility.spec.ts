import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from './admin-helpers.ts';

// axe-core on every public and admin page: no WCAG 2.2 A/AA violation. Each page is checked at 1280 px; the public pages also at 375 px, where
// the phone layout has its own colours and targets.

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** The page's violations as readable lines (rule, impact, the first few elements). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 4)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}

/** Soft: one run reports every page's violations, not only the first page's. */
async function expectAccessible(page: Page, label: string) {
  // Islands hydrate and fonts settle before the check: axe reads computed colours.
  await page.waitForLoadState('networkidle');
  expect.soft(await violations(page), label).toEqual([]);
}

/** An ad and a seller that exist in the demo data, found through the public API. */
async function demoAd(page: Page): Promise<{ slug: string; sellerId: number }> {
  const res = await page.request.get('/api/all-ads?limit=1');
  const ad = (await res.json()).ads[0] as { slug: string; id: number };
  const full = await (await page.request.get(`/api/ads-by-slug/${ad.slug}`)).json();
  const sellerId = Number(full.adsData?.user_id);
  return { slug: ad.slug, sellerId };
}

const PUBLIC_PAGES = [
  '/',
  '/?search=sofa',
  '/?search=zzzzqqq',
  '/about-us',
  '/contact-us',
  '/faqs',
  '/membership',
  '/privacy-policy',
  '/terms-of-service',
  '/sign-in',
  '/sign-up',
  '/forget-password',
  '/reset-password',
  '/wishlist',
  '/no-such-page-here',
];

for (const width of [1280, 375]) {
  test.describe(`public pages at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 812 } });

    test('have no WCAG 2.2 AA violation', async ({ page }) => {
      test.setTimeout(180_000);
      const { slug, sellerId } = await demoAd(page);
      const pages = [...PUBLIC_PAGES, `/add-details/${slug}`];
      if (Number.isFinite(sellerId)) pages.push(`/seller/${sellerId}`);
      for (const path of pages) {
        await page.goto(path);
        await expectAccessible(page, path);
      }
    });
  });
}

const ADMIN_PAGES = [
  'dashboard',
  'users',
  'add-user',
  'ads',
  'add-ads',
  'messages',
  'settings',
  'add-edit-category',
  'pages',
  'add-edit-page',
  'faqs',
  'faq-form',
  'testimonials',
  'add-testimonial',
  'inbox',
  'newsletter',
  'membership-plans',
  'add-membership-plan',
  'moderation',
  'moderation/audit-log',
  'plan-requests',
  'account',
  'saved-searches',
];

test.describe('admin pages', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('have no WCAG 2.2 AA violation', async ({ page }) => {
    test.setTimeout(240_000);
    await signInAsAdmin(page);
    for (const path of ADMIN_PAGES) {
      await page.goto(`/admin/${path}`);
      await page.getByRole('main').waitFor();
      await expect(page.getByRole('main').getByText(/Loading/)).toHaveCount(0);
      await expectAccessible(page, `/admin/${path}`);
    }
  });
});
