import { expect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from './admin-helpers.ts';
import { axeViolations } from './page-helpers.ts';

// axe-core on every public and admin page: no WCAG 2.2 A/AA violation. Each page is checked at 1280 px; the public pages
// with a phone layout of their own also at 375 px (PHONE_PAGES). Form error states: form-errors.spec.ts.

// Every test here stands alone: the shards of scripts/e2e.mjs may share them out one by one.
test.describe.configure({ mode: 'parallel' });

/** Soft: one run reports every page's violations, not only the first page's. */
async function expectAccessible(page: Page, label: string) {
  // Islands hydrate and fonts settle before the check: axe reads computed colours.
  await page.waitForLoadState('networkidle');
  expect.soft(await axeViolations(page), label).toEqual([]);
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

/**
 * At 375 px, the pages whose phone layout is their own (the list and its filters, forms,
 * the plan table, long legal text, the ad page): the header, menu and footer are the same on
 * every page. axe costs seconds of CPU per page, and the suite's time is bounded.
 */
const PHONE_PAGES = ['/', '/?search=sofa', '/contact-us', '/membership', '/sign-up', '/terms-of-service', 'an ad page'];

// One test per page and width: each has its own time budget, and the shards share them out.
for (const width of [1280, 375]) {
  test.describe(`public pages at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 812 } });
    const pages = width > 600 ? [...PUBLIC_PAGES, 'an ad page', 'a seller page'] : PHONE_PAGES;

    for (const path of pages) {
      test(`${path} has no WCAG 2.2 AA violation`, async ({ page }) => {
        let address = path;
        if (!path.startsWith('/')) {
          const { slug, sellerId } = await demoAd(page);
          address = path === 'an ad page' ? `/add-details/${slug}` : `/seller/${sellerId}`;
        }
        await page.goto(address);
        await expectAccessible(page, address);
      });
    }
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

/** Admin pages a few at a time: one sign-in serves several checks, and the shards share the groups. */
const ADMIN_GROUP = 3;

test.describe('admin pages', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (let i = 0; i < ADMIN_PAGES.length; i += ADMIN_GROUP) {
    const group = ADMIN_PAGES.slice(i, i + ADMIN_GROUP);
    test(`${group.join(', ')} have no WCAG 2.2 AA violation`, async ({ page }) => {
      // axe takes seconds on a form with a rich-text editor, more on a loaded machine.
      test.setTimeout(180_000);
      await signInAsAdmin(page);
      for (const path of group) {
        await page.goto(`/admin/${path}`);
        await page.getByRole('main').waitFor();
        await expect(page.getByRole('main').getByText(/Loading/)).toHaveCount(0);
        await expectAccessible(page, `/admin/${path}`);
      }
    });
  }
});
