import { expect, test } from '@playwright/test';
import {
  bodyRows,
  deleteRow,
  filterBox,
  png,
  sessionToken,
  sidebar,
  signInAsAdmin,
  tag,
  toast,
  typeRichText,
} from './admin-helpers.ts';

/**
 * The admin back office in a real browser: what an admin changes shows on the public site,
 * the shared table filters, sorts and pages, and a customer sees only their part. Each test
 * removes what it made (through the screens where that is part of the story), so the other
 * browser tests keep seeing the demo content.
 */

test('an admin adds a category whose slug comes from the name, edits it, and it shows on the category page', async ({
  page,
}) => {
  const name = `Garden Tools ${tag()}`;
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  await signInAsAdmin(page);
  await sidebar(page).getByRole('link', { name: 'Category' }).click();
  await expect(page.getByRole('heading', { name: 'Add Edit Category' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Category List' })).toBeVisible();

  // A blank name is flagged as soon as the field loses focus.
  await page.getByLabel('Name').focus();
  await page.getByLabel('Slug').focus();
  await expect(toast(page, 'Please enter name.')).toBeVisible();

  await page.getByLabel('Name').fill(`  ${name}!  `);
  await page.getByLabel('Name').blur();
  await expect(page.getByLabel('Slug')).toHaveValue(slug);
  await page.getByLabel('Image', { exact: true }).setInputFiles(await png('garden.png', '#2e7d32'));
  await expect(page.getByRole('img', { name: 'garden.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Category' }).click();
  await expect(toast(page, 'Category added successfully')).toBeVisible();
  // Back in add mode with an empty form, the list reloaded.
  await expect(page.getByLabel('Name')).toHaveValue('');
  await filterBox(page).fill(slug);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page)).toContainText(slug);

  // Edit fills the form and hides the list.
  await bodyRows(page)
    .getByRole('button', { name: /^Edit / })
    .click();
  await expect(page.getByLabel('Name')).toHaveValue(`${name}!`);
  await expect(page.getByRole('heading', { name: 'Category List' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Current image' })).toBeVisible();
  await page.getByLabel('Name').fill(`${name} Shed`);
  await page.getByLabel('Name').blur();
  await expect(page.getByLabel('Slug')).toHaveValue(`${slug}-shed`);
  await page.getByRole('button', { name: 'Update Category' }).click();
  await expect(toast(page, 'Category updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Category List' })).toBeVisible();

  await page.goto('/category');
  const card = page.getByRole('link', { name: new RegExp(`${name} Shed`) });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('href', `/?pselectedCategory=${slug}-shed`);

  await page.goto('/admin/add-edit-category');
  await deleteRow(page, `${slug}-shed`, 'Category deleted successfully');
});

test('an admin creates an About Us page and edits the live one, and /about-us shows the new text', async ({ page }) => {
  const name = `Our Story ${tag()}`;
  await signInAsAdmin(page);
  const token = await sessionToken(page);
  await sidebar(page).getByRole('link', { name: 'Pages' }).click();
  await expect(page.getByRole('heading', { name: 'Pages' })).toBeVisible();
  await page.getByRole('link', { name: 'Create Page' }).click();
  await expect(page).toHaveURL(/\/admin\/add-edit-page$/);
  await expect(page.getByRole('heading', { name: 'Page Details' })).toBeVisible();

  // The form's check order: name, template, keyword.
  await page.getByRole('button', { name: 'Create Page' }).click();
  await expect(toast(page, 'Please enter name.')).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Name').blur();
  await page.getByRole('button', { name: 'Create Page' }).click();
  await expect(toast(page, 'Please select template.')).toBeVisible();
  await page.getByLabel('Template').selectOption('default');
  // Every page has a Content editor; How We Work belongs to the About Us template.
  await expect(page.getByRole('textbox', { name: 'Content' })).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'How We Work' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Page' }).click();
  await expect(toast(page, 'Please enter keyowrd.')).toBeVisible();
  await page.getByLabel('Keyword').fill('story, history');
  await page.getByLabel('Template').selectOption('aboutus');
  await typeRichText(page.getByRole('textbox', { name: 'Content' }), 'We started in a garage.');
  await typeRichText(page.getByRole('textbox', { name: 'How We Work' }), 'Post, meet, trade.');
  await page.getByRole('button', { name: 'Create Page' }).click();
  await expect(page).toHaveURL(/\/admin\/pages$/);
  await expect(toast(page, 'Page created successfully')).toBeVisible();
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  await filterBox(page).fill(name);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page)).toContainText(slug);
  await expect(bodyRows(page)).toContainText('aboutus');
  const served = await (await page.request.get(`/api/get-content/${slug}`)).json();
  expect(served.data.content).toContain('We started in a garage.');
  expect(served.data.howwework).toContain('Post, meet, trade.');
  await deleteRow(page, name, 'Page deleted successfully');

  // The live About Us page: edit its content, see it on the site, then put it back.
  const pages = (await (
    await page.request.get('/api/get-all-pages', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: { id: number; slug: string }[] };
  const about = pages.data.find((p) => p.slug === 'about-us');
  expect(about, 'the demo content has an about-us page').toBeTruthy();
  const original = (await (
    await page.request.get(`/api/pages/${about?.id}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: Record<string, unknown> };
  try {
    await page.goto(`/admin/add-edit-page/${about?.id}`);
    await expect(page.getByLabel('Name')).toHaveValue(String(original.data.name));
    const line = `Fresh words ${tag()}`;
    await typeRichText(page.getByRole('textbox', { name: 'How We Work' }), line);
    await page.getByRole('button', { name: 'Update Page' }).click();
    await expect(page).toHaveURL(/\/admin\/pages$/);
    await page.goto('/about-us');
    await expect(page.getByText(line)).toBeVisible();
  } finally {
    await page.request.put(`/api/pages/${about?.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: original.data,
    });
  }
});

test('an admin adds, edits and deletes a FAQ, and the FAQ page follows', async ({ page }) => {
  const question = `Can I swap instead of selling ${tag()}?`;
  await signInAsAdmin(page);
  await sidebar(page).getByRole('link', { name: 'Faqs' }).click();
  await page.getByRole('link', { name: 'Add FAQ' }).click();
  await expect(page.getByRole('heading', { name: 'FAQ Details' })).toBeVisible();
  await page.getByLabel('Question').fill(question);
  await typeRichText(page.getByRole('textbox', { name: 'Answer' }), 'Yes, say so in the description.');
  await page.getByRole('button', { name: 'Add FAQ' }).click();
  await expect(toast(page, 'FAQ added')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/faqs$/);

  await page.goto('/faqs');
  await expect(page.getByText(question)).toBeVisible();

  await page.goto('/admin/faqs');
  await filterBox(page).fill(question);
  await bodyRows(page)
    .getByRole('link', { name: /^Edit / })
    .click();
  await expect(page.getByLabel('Question')).toHaveValue(question);
  await typeRichText(page.getByRole('textbox', { name: 'Answer' }), 'Yes. Mention the swap in your ad.');
  await page.getByRole('button', { name: 'Update FAQ' }).click();
  await expect(toast(page, 'FAQ updated')).toBeVisible();

  await page.goto('/faqs');
  await page.locator('summary', { hasText: question }).click();
  await expect(page.getByText('Yes. Mention the swap in your ad.')).toBeVisible();

  await page.goto('/admin/faqs');
  await deleteRow(page, question, 'FAQ deleted');
  await page.goto('/faqs');
  await expect(page.getByText(question)).toHaveCount(0);
});

test('an admin adds a testimonial with a photo and it shows on About Us', async ({ page }) => {
  const name = `Nora Lind ${tag()}`;
  await signInAsAdmin(page);
  await sidebar(page).getByRole('link', { name: 'Testimonials' }).click();
  await page.getByRole('link', { name: 'Add Testimonial' }).click();
  await page.getByRole('button', { name: 'Add Testimonial' }).click();
  await expect(toast(page, 'Please enter name.')).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Add Testimonial' }).click();
  await expect(toast(page, 'Please enter designation.')).toBeVisible();
  await page.getByLabel('Designation').fill('Weekend Seller');
  await typeRichText(page.getByRole('textbox', { name: 'Description' }), 'Sold my old bike in a day.');
  await page.getByLabel('Image', { exact: true }).setInputFiles(await png('nora.png', '#f4a261'));
  await page.getByRole('button', { name: 'Add Testimonial' }).click();
  await expect(toast(page, 'Testimonial added')).toBeVisible();
  await filterBox(page).fill(name);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page)).toContainText('Weekend Seller');
  await expect(bodyRows(page).locator('img')).toHaveAttribute('src', /^\/uploads\//);

  await page.goto('/about-us');
  await expect(page.getByText(name).first()).toBeAttached();
  await expect(page.getByText('Sold my old bike in a day.').first()).toBeAttached();

  await page.goto('/admin/testimonials');
  await filterBox(page).fill(name);
  await bodyRows(page)
    .getByRole('link', { name: /^Edit / })
    .click();
  await expect(page.getByRole('img', { name: 'Current image' })).toBeVisible();
  await page.getByLabel('Designation').fill('Collector');
  await page.getByRole('button', { name: 'Update Testimonial' }).click();
  await expect(toast(page, 'Testimonial updated')).toBeVisible();
  await deleteRow(page, name, 'Testimonial deleted');
});

test('an admin adds a membership plan and it shows on the Membership page with its price', async ({ page }) => {
  const plan = `Diamond ${tag()}`;
  await signInAsAdmin(page);
  await sidebar(page).getByRole('link', { name: 'Membership Plans' }).click();
  await page.getByRole('link', { name: 'Add Plan' }).click();
  await page.getByRole('button', { name: 'Add Plan' }).click();
  await expect(toast(page, 'Please enter name.')).toBeVisible();
  await page.getByLabel('Name').fill(plan);
  await page.getByRole('button', { name: 'Add Plan' }).click();
  await expect(toast(page, 'Please enter subscription period.')).toBeVisible();
  await page.getByLabel('Subscription period').fill('Yearly');
  await page.getByLabel('Price').fill('249');
  await page.getByRole('button', { name: 'Add Plan' }).click();
  await expect(toast(page, 'Plan added')).toBeVisible();
  await filterBox(page).fill(plan);
  await expect(bodyRows(page)).toContainText('$249');

  await page.goto('/membership');
  const row = page.getByRole('row').filter({ hasText: plan });
  await expect(row).toBeVisible();
  await expect(row).toContainText('$249');

  await page.goto('/admin/membership-plans');
  await filterBox(page).fill(plan);
  await bodyRows(page)
    .getByRole('link', { name: /^Edit / })
    .click();
  await expect(page.getByLabel('Price')).toHaveValue('249');
  await page.getByLabel('Price').fill('');
  await page.getByRole('button', { name: 'Update Plan' }).click();
  await expect(toast(page, 'Plan updated')).toBeVisible();
  await filterBox(page).fill(plan);
  await expect(bodyRows(page)).toContainText('FREE');
  await deleteRow(page, plan, 'Plan deleted');
});

test('an admin changes the settings and the header, contact page and theme show them on the next request', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const token = await sessionToken(page);
  const auth = { authorization: `Bearer ${token}` };
  const before = (await (await page.request.get('/api/settings', { headers: auth })).json()).data;
  const phone = `+1 555 ${Math.floor(1000 + Math.random() * 8999)}`;
  try {
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings Options' })).toBeVisible();
    const email = page.getByLabel('Email');
    await email.fill('not-an-email');
    await email.blur();
    await expect(page.getByText('Valid email required.')).toBeVisible();
    // Save Settings is off while the form is invalid.
    await expect(page.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
    await email.fill('hello@market.example');
    await expect(page.getByRole('button', { name: 'Save Settings' })).toBeEnabled();
    await expect(page.getByRole('main').getByText('Valid email required.')).toHaveCount(0);

    await page.getByLabel('Phone').fill(phone);
    await page.getByLabel('Address').fill('7 Harbour Road, Portside');
    await page.getByLabel('Working hours').fill('Every day 8–20');
    await page.getByRole('button', { name: 'Add social link' }).click();
    const rows = await page.getByLabel(/^Icon class \d+$/).count();
    await page.getByLabel(`Icon class ${rows}`).fill('fa-brands fa-youtube');
    await page.getByLabel(`Url ${rows}`).fill('https://youtube.com/@market');
    await page.getByLabel('Number of photos per ad').first().fill('4');
    await page.getByLabel('Primary colour').fill('#1d4ed8');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(toast(page, 'Settings updated successfully')).toBeVisible();

    // The header's top bar is the only place the home page shows the working hours.
    await page.goto('/');
    await expect(page.getByText('Every day 8–20')).toBeVisible();
    await expect(page.getByRole('link', { name: phone }).first()).toBeVisible();

    await page.goto('/contact-us');
    await expect(page.getByText(phone).first()).toBeVisible();
    await expect(page.getByText('7 Harbour Road, Portside').first()).toBeVisible();
    await expect(page.getByText('Every day 8–20').first()).toBeVisible();
    await expect(page.locator('a[href="https://youtube.com/@market"]').first()).toBeAttached();
    expect(await page.locator('html').getAttribute('style')).toContain('--brand-primary:#1d4ed8');
    const saved = (await (await page.request.get('/api/settings', { headers: auth })).json()).data;
    expect(saved.freenumberphotoAds).toBe(4);
  } finally {
    // Put the demo settings back for the other browser tests.
    await page.request.post('/api/update-settings', {
      headers: auth,
      multipart: {
        ...Object.fromEntries(
          Object.entries(before).filter(([k]) => !['logo', 'social_links', 'socialLinks', 'categories'].includes(k)),
        ),
        socialLinks: JSON.stringify(before.socialLinks),
      } as Record<string, string>,
    });
  }
});
