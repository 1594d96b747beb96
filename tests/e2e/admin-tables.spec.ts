import { expect, test } from '@playwright/test';
import {
  bodyRows,
  deleteRow,
  filterBox,
  filterToOne,
  sessionToken,
  sidebar,
  signInAsAdmin,
  tag,
  toast,
} from './admin-helpers.ts';
import { signUpThroughApi } from './api-setup.ts';

/**
 * The admin back office's shared tables in a real browser: they filter, sort and page on the
 * server and keep their place in the address; an admin manages users and ads through them; a
 * customer sees only their own sections. Each test removes what it made.
 */

test('the users table filters, sorts and pages by five, and an admin adds, edits and deletes a user', async ({
  page,
}) => {
  const run = tag();
  await signInAsAdmin(page);
  const token = await sessionToken(page);
  const auth = { authorization: `Bearer ${token}` };
  const names = ['Pager Delta', 'Pager Alpha', 'Pager Echo', 'Pager Bravo', 'Pager Charlie', 'Pager Foxtrot'];
  const ids: number[] = [];
  for (const n of names) {
    const res = await page.request.post('/api/user/admin-add-user', {
      headers: auth,
      data: {
        name: `${n} ${run}`,
        email: `${n.replace(' ', '.').toLowerCase()}.${run}@example.com`,
        role: 'customer',
        subscription: 'free',
        password: 'secret123',
        cpassword: 'secret123',
      },
    });
    expect(res.status()).toBe(201);
    ids.push((await res.json()).user.id);
  }
  try {
    await sidebar(page).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText(['Id', 'Name', 'Email', 'Role', 'Actions']);
    await expect(bodyRows(page)).toHaveCount(5);

    // The filter is trimmed and case-blind, applied by the server and kept in the URL.
    await filterBox(page).fill(`  PAGER  `);
    await expect(page).toHaveURL(/\/admin\/users\?q=PAGER$/);
    await expect(bodyRows(page)).toHaveCount(5);
    await expect(page.getByText(/^1–5 of 6$/)).toBeVisible();
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2$/);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(page.getByText(/^6–6 of 6$/)).toBeVisible();
    await page.getByRole('button', { name: 'Prev' }).click();
    await expect(page.getByText(/^1–5 of 6$/)).toBeVisible();

    const firstName = bodyRows(page).first().locator('td').nth(1);
    await page.getByRole('button', { name: 'Name' }).click();
    await expect(page).toHaveURL(/[?&]sort=name&order=asc/);
    await expect(firstName).toHaveText(`Pager Alpha ${run}`);
    await page.getByRole('button', { name: 'Name' }).click();
    await expect(firstName).toHaveText(`Pager Foxtrot ${run}`);
    // A reload shows the same filter, sort and rows.
    await page.reload();
    await expect(filterBox(page)).toHaveValue('PAGER');
    await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    await expect(firstName).toHaveText(`Pager Foxtrot ${run}`);

    // Add User: the form's checks in order, then the new user is listed.
    await page.getByRole('link', { name: 'Add User' }).click();
    await expect(page.getByRole('heading', { name: 'Add New User' })).toBeVisible();
    const signUp = page.getByRole('button', { name: 'Sign up' });
    const steps: [() => Promise<void>, string][] = [
      [async () => {}, 'Please enter your name.'],
      [() => page.getByLabel('Name').fill(`Added Person ${run}`), 'Please enter your email.'],
      [() => page.getByLabel('Email').fill(`added.${run}@example.com`), 'Please select role.'],
      [async () => void (await page.getByLabel('Role').selectOption('customer')), 'Please enter your password.'],
      [() => page.getByLabel('Password', { exact: true }).fill('secret123'), 'Please enter your confrim password.'],
      [() => page.getByLabel('Confirm Password').fill('secret124'), 'Enter password not match.'],
    ];
    for (const [act, message] of steps) {
      await act();
      await signUp.click();
      await expect(toast(page, message)).toBeVisible();
    }
    await page.getByLabel('Subscription plan').selectOption('gold');
    await page.getByLabel('Confirm Password').fill('secret123');
    await signUp.click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await filterToOne(page, `added.${run}`);

    // Edit User: loaded by id, passwords cleared and required again.
    await bodyRows(page)
      .getByRole('link', { name: /^Edit / })
      .click();
    await expect(page).toHaveURL(/\/admin\/edit-user\/\d+$/);
    await expect(page.getByLabel('Name')).toHaveValue(`Added Person ${run}`);
    await expect(page.getByLabel('Subscription plan')).toHaveValue('gold');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await page.getByLabel('Name').fill(`Edited Person ${run}`);
    await page.getByRole('button', { name: 'Edit User' }).click();
    await expect(toast(page, 'Please enter your password.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('secret456');
    await page.getByLabel('Confirm Password').fill('secret456');
    await page.getByRole('button', { name: 'Edit User' }).click();
    // Back on the list as it was left: still filtered.
    await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=added\\.${run}$`));
    await expect(filterBox(page)).toHaveValue(`added.${run}`);
    await filterToOne(page, `Edited Person ${run}`);
    await deleteRow(page, `Edited Person ${run}`, 'User deleted successfully');
  } finally {
    for (const id of ids) await page.request.delete(`/api/user/${id}`, { headers: auth });
  }
});

test('the advertisements table filters, sorts and pages on the server, and the URL keeps its place', async ({
  page,
}) => {
  const run = `p${tag()}`;
  await signInAsAdmin(page);
  const auth = { authorization: `Bearer ${await sessionToken(page)}` };
  const made: { id: number; heading: string }[] = [];
  for (const [i, price] of [300, 100, 600, 200, 500, 400].entries()) {
    const res = await page.request.post('/api/ads/add', {
      headers: auth,
      multipart: {
        heading: `Brass lamp ${run} no${i} at ${price}`,
        description: '<p>A brass desk lamp.</p>',
        category: 'furniture',
        price: String(price),
        rating: '4',
        location: 'Oslo',
        features: '',
        make_as_featured: 'N',
      },
    });
    expect(res.status()).toBe(201);
    made.push((await res.json()).adsData);
  }
  const prices = () => bodyRows(page).locator('td:nth-child(4)');
  const adsList = (url: URL) => url.pathname === '/api/ads' && url.searchParams.has('page');
  try {
    const { total } = await (await page.request.get('/api/ads?page=1&limit=1', { headers: auth })).json();
    await sidebar(page).getByRole('link', { name: 'Advertisements' }).click();
    await expect(page.getByRole('columnheader')).toHaveText([
      'Id',
      'Heading',
      'Seller',
      'Price',
      'Status',
      'Created',
      'Description',
      'Actions',
    ]);
    await expect(bodyRows(page)).toHaveCount(5);
    await expect(page.getByText(`1–5 of ${total.toLocaleString('en-US')}`, { exact: true })).toBeVisible();

    // The filter goes to the server (full-text words) once typing pauses, and into the URL.
    await filterBox(page).fill(`LAMP ${run}`);
    await expect(page).toHaveURL(new RegExp(`/admin/ads\\?q=LAMP\\+${run}$`));
    await expect(page.getByText(/^1–5 of 6$/)).toBeVisible();

    // Price sorts the matches on the server, highest first; Next shows the sixth.
    await page.getByRole('button', { name: 'Price' }).click();
    await expect(page).toHaveURL(/[?&]sort=price&order=desc/);
    await expect(prices()).toHaveText(['$600', '$500', '$400', '$300', '$200']);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2$/);
    await expect(prices()).toHaveText(['$100']);
    await expect(page.getByText('Page 2 of 2')).toBeVisible();

    // Reload, and Back from an edit form, come back to the same rows.
    await page.reload();
    await expect(filterBox(page)).toHaveValue(`LAMP ${run}`);
    await expect(page.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'descending');
    await expect(prices()).toHaveText(['$100']);
    await bodyRows(page)
      .getByRole('link', { name: /^Edit / })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/edit-ads/${made[1].id}$`));
    await page.goBack();
    await expect(page).toHaveURL(/[?&]page=2$/);
    await expect(prices()).toHaveText(['$100']);
    // The form's own way back returns to the same filtered, sorted page.
    await bodyRows(page)
      .getByRole('link', { name: /^Edit / })
      .click();
    await page.getByRole('link', { name: 'Back to list' }).click();
    await expect(page).toHaveURL(/[?&]page=2$/);
    await expect(page).toHaveURL(/[?&]sort=price&order=desc/);
    await expect(prices()).toHaveText(['$100']);

    // A slow page keeps the old rows, dimmed, under a Loading… status.
    await page.route(adsList, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Price' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toContainText('$100');
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(prices()).toHaveText(['$100', '$200', '$300', '$400', '$500']);
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
    await page.unroute(adsList);
    await page.getByRole('button', { name: 'Heading' }).click();
    await expect(page).toHaveURL(/[?&]sort=heading&order=asc/);
    await expect(bodyRows(page).first()).toContainText(`${run} no0`);

    // Deleting the only row of the last page shows the page before it.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(bodyRows(page)).toHaveCount(1);
    await bodyRows(page)
      .getByRole('button', { name: /^Delete / })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Ad deleted successfully')).toBeVisible();
    await expect(page.getByText(/^1–5 of 5$/)).toBeVisible();
    await expect(page).not.toHaveURL(/[?&]page=/);

    // A number finds the ad with that id.
    await filterBox(page).fill(String(made[2].id));
    await expect(page).toHaveURL(new RegExp(`[?&]q=${made[2].id}(&|$)`));
    await expect(bodyRows(page).filter({ hasText: made[2].heading })).toHaveCount(1);

    // A list that cannot be loaded says so.
    await page.route(adsList, (route) =>
      route.fulfill({ status: 503, json: { success: false, error: 'Try later.', message: 'Try later.' } }),
    );
    await filterBox(page).fill(`lamp ${run} no3`);
    await expect(toast(page, 'Unable to get users')).toBeVisible();
    await expect(bodyRows(page)).toHaveText([/Unable to get users/]);
  } finally {
    await page.unrouteAll();
    for (const ad of made) await page.request.delete(`/api/ads/${ad.id}`, { headers: auth });
  }
});

test('a customer sees only their own sections (Dashboard, Advertisements, Messages, Saved Searches, My Account) and Logout', async ({
  page,
}) => {
  await signUpThroughApi(page, 'Casey Customer', 'customer');
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Casey Customer' })).toBeVisible();
  await expect(sidebar(page).getByRole('link')).toHaveText([
    'Dashboard',
    'Advertisements',
    'Messages',
    'Saved Searches',
    'My Account',
  ]);
  await expect(sidebar(page).getByRole('button')).toHaveText(['Logout']);
  await page.goto('/admin/users');
  await expect(page.getByText('This section is only available to administrators.')).toBeVisible();
  const api = await page.request.get('/api/users');
  expect(api.status()).toBe(403);
});
