import { expect, type Locator, type Page, test } from '@playwright/test';
import { filterBox, sessionToken, sidebar, signInAsAdmin } from './admin-helpers.ts';

/**
 * The admin area on a 375 px phone: every list shows its rows as cards (title, label/value
 * pairs, full-size actions) without the page scrolling sideways, and a row's edit form and
 * delete confirmation open by tapping. Nothing is changed: the confirmation is cancelled.
 */

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

type TListScreen = {
  path: string;
  heading: string;
  /** The list endpoint, the key holding its array, the field that titles a card. */
  api: string;
  key: string;
  titleField: string;
  /** Where Edit leads, and a heading the edit form shows there. */
  editPath?: (id: number) => string;
  formHeading: string;
  /** The server filters, sorts and pages this list, its state kept in the URL. */
  serverPaged?: boolean;
};

const SCREENS: TListScreen[] = [
  {
    path: '/admin/users',
    heading: 'Users',
    api: '/api/users',
    key: 'users',
    titleField: 'name',
    editPath: (id) => `/admin/edit-user/${id}`,
    formHeading: 'Edit User',
    serverPaged: true,
  },
  {
    path: '/admin/ads',
    heading: 'Advertisements',
    api: '/api/ads',
    key: 'users',
    titleField: 'heading',
    editPath: (id) => `/admin/edit-ads/${id}`,
    formHeading: 'Edit Advertisement',
    serverPaged: true,
  },
  {
    path: '/admin/add-edit-category',
    heading: 'Category List',
    api: '/api/get-all-category',
    key: 'data',
    titleField: 'name',
    // Edit loads the row into the form above, on the same screen.
    formHeading: 'Add Edit Category',
  },
  {
    path: '/admin/pages',
    heading: 'Pages',
    api: '/api/get-all-pages',
    key: 'data',
    titleField: 'name',
    editPath: (id) => `/admin/add-edit-page/${id}`,
    formHeading: 'Page Details',
  },
  {
    path: '/admin/faqs',
    heading: 'Faqs',
    api: '/api/faqs',
    key: 'data',
    titleField: 'question',
    editPath: (id) => `/admin/faq-form/${id}`,
    formHeading: 'FAQ Details',
  },
  {
    path: '/admin/testimonials',
    heading: 'Testimonials',
    api: '/api/testimonials',
    key: 'data',
    titleField: 'name',
    editPath: (id) => `/admin/edit-testimonial/${id}`,
    formHeading: 'Edit Testimonial',
  },
  {
    path: '/admin/membership-plans',
    heading: 'Membership Plans',
    api: '/api/memberships',
    key: 'data',
    titleField: 'plan_name',
    editPath: (id) => `/admin/edit-membership-plan/${id}`,
    formHeading: 'Edit Membership Plan',
  },
];

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const el = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth };
  });
  expect(scrollWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(clientWidth);
}

async function expectTapSized(target: Locator) {
  const box = await target.boundingBox();
  expect(box, 'the control is on screen').not.toBeNull();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
}

async function listRows(page: Page, screen: TListScreen): Promise<Record<string, unknown>[]> {
  const res = await page.request.get(screen.api, { headers: { authorization: `Bearer ${await sessionToken(page)}` } });
  expect(res.ok()).toBe(true);
  return (await res.json())[screen.key];
}

/** The card whose heading shows the row's title (an ad's heading also carries its category). */
const cardOf = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: title }) });

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

for (const screen of SCREENS) {
  test(`on a phone, ${screen.path} lists rows as cards whose Edit and Delete open by tapping`, async ({ page }) => {
    const [row] = await listRows(page, screen);
    expect(row, 'the demo content has a row to show').toBeTruthy();
    const title = String(row[screen.titleField]);

    await page.goto(screen.path);
    await expect(page.getByRole('heading', { name: screen.heading, exact: true })).toBeVisible();
    // Cards, not a table squeezed into the card.
    await expect(page.locator('table')).toHaveCount(0);
    await expect(page.getByRole('list', { name: screen.heading })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await filterBox(page).fill(title);
    if (screen.serverPaged) await expect(page).toHaveURL(/\?q=/);
    const card = cardOf(page, title).first();
    await expect(card).toBeVisible();
    await expectNoSidewaysScroll(page);

    // The delete confirmation opens by tapping and can be cancelled without deleting anything.
    const del = card.getByRole('button', { name: /^Delete / });
    await expectTapSized(del);
    await del.tap();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: /^Delete .+\?$/ })).toBeVisible();
    const box = await dialog.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 375, 'the dialog fits the screen').toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).tap();
    await expect(dialog).toBeHidden();
    await expect(card).toBeVisible();

    const edit = card.getByRole(screen.editPath ? 'link' : 'button', { name: /^Edit / });
    await expectTapSized(edit);
    await edit.tap();
    if (screen.editPath) await expect(page).toHaveURL(new RegExp(`${screen.editPath(Number(row.id))}$`));
    else await expect(page.getByRole('button', { name: 'Update Category' })).toBeVisible();
    await expect(page.getByRole('heading', { name: screen.formHeading, exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
}

test('on a phone, the users list sorts from the Sort by menu and pages with Next and Prev', async ({ page }) => {
  const users = SCREENS[0];
  const names = (await listRows(page, users)).map((u) => String(u.name).toLowerCase()).sort();
  await page.goto(users.path);
  const titles = page.getByRole('list', { name: 'Users' }).getByRole('heading', { level: 3 });
  await expect(titles.first()).toBeVisible();

  // The server sorts names case-blind.
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expectTapSized(sort);
  await sort.selectOption({ label: 'Name, ascending' });
  await expect(page).toHaveURL(/\?sort=name&order=asc$/);
  await expect(titles.first()).toHaveText(names[0], { ignoreCase: true });
  await sort.selectOption({ label: 'Name, descending' });
  await expect(titles.first()).toHaveText(names[names.length - 1], { ignoreCase: true });
  await expect(sort.locator('option')).toHaveText([
    'List order',
    'Id, ascending',
    'Id, descending',
    'Name, ascending',
    'Name, descending',
    'Email, ascending',
    'Email, descending',
    'Role, ascending',
    'Role, descending',
  ]);

  const ads = SCREENS[1];
  const total = (await listRows(page, ads)).length;
  test.skip(total <= 5, 'the demo content has one page of ads');
  await page.goto(ads.path);
  await expect(page.getByText(new RegExp(`^1–5 of ${total}$`))).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  await expectTapSized(next);
  await next.tap();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(page.getByText(new RegExp(`^6–${Math.min(10, total)} of ${total}$`))).toBeVisible();
  // The page is in the URL: a reload stays on it, and Back returns to the first.
  await page.reload();
  await expect(page.getByText(new RegExp(`^6–${Math.min(10, total)} of ${total}$`))).toBeVisible();
  await page.goBack();
  await expect(page.getByText(new RegExp(`^1–5 of ${total}$`))).toBeVisible();
  await page.goForward();
  await page.getByRole('button', { name: 'Prev' }).tap();
  await expect(page.getByText(new RegExp(`^1–5 of ${total}$`))).toBeVisible();
  // Sorting by price from the menu puts the dearest ad first (descriptions do not sort).
  const dearest = Math.max(...(await listRows(page, ads)).map((a) => Number(a.price)));
  await expect(page.getByRole('combobox', { name: 'Sort by' }).locator('option')).toHaveText([
    'List order',
    'Id, ascending',
    'Id, descending',
    'Heading, ascending',
    'Heading, descending',
    'Price, ascending',
    'Price, descending',
  ]);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price, descending' });
  await expect(page).toHaveURL(/\?sort=price&order=desc$/);
  const firstCard = page.getByRole('list', { name: 'Advertisements' }).getByRole('listitem').first();
  await expect(firstCard.getByRole('definition').filter({ hasText: /^\$/ })).toHaveText(
    `$${dearest.toLocaleString('en-US')}`,
  );
  await expectNoSidewaysScroll(page);
});

test('on a phone, the admin menu opens from one button and closes after choosing a section', async ({ page }) => {
  const menu = sidebar(page);
  const toggle = menu.getByRole('button', { name: 'Admin menu' });
  await expect(menu.getByRole('link', { name: 'Users' })).toBeHidden();
  await expectTapSized(toggle);
  await toggle.tap();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link')).toHaveText([
    'Dashboard',
    'Users',
    'Category',
    'Advertisements',
    'Messages',
    'Saved Searches',
    'Pages',
    'Faqs',
    'Testimonials',
    'Membership Plans',
    'Moderation',
    'Inbox',
    'Newsletter',
    'Plan Requests',
    'Settings',
    'My Account',
  ]);
  await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expectTapSized(menu.getByRole('link', { name: 'Membership Plans' }));
  await expectNoSidewaysScroll(page);
  await menu.getByRole('link', { name: 'Testimonials' }).tap();
  await expect(page).toHaveURL(/\/admin\/testimonials$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu.getByRole('link', { name: 'Users' })).toBeHidden();
});

for (const path of [
  '/admin/dashboard',
  '/admin/settings',
  '/admin/add-user',
  '/admin/add-ads',
  '/admin/add-edit-page',
]) {
  test(`on a phone, ${path} does not scroll sideways`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
}

test.describe('on a tablet (820 px, sidebar beside the content)', () => {
  test.use({ viewport: { width: 820, height: 1180 } });

  for (const path of ['/admin/ads', '/admin/users']) {
    test(`${path} shows cards, so nothing scrolls sideways inside the content card`, async ({ page }) => {
      await page.goto(path);
      await expect(sidebar(page).getByRole('link', { name: 'Advertisements' })).toBeVisible();
      await expect(
        page
          .getByRole('button', { name: /^Edit / })
          .or(page.getByRole('link', { name: /^Edit / }))
          .first(),
      ).toBeVisible();
      await expect(page.locator('table')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      const overflow = await page.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX))
          .some((el) => el.scrollWidth > el.clientWidth + 1),
      );
      expect(overflow, 'no box inside the page scrolls sideways').toBe(false);
    });
  }
});
