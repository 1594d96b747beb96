import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './admin-helpers.ts';
import { postAdThroughApi, signUpThroughApi } from './api-setup.ts';
import { expectAccessible, expectFieldError, expectNoFieldError, expectOneToast } from './form-error-checks.ts';
import { toasts } from './toasts.ts';

// The one way forms show their errors (docs/SCREENS.md, Form errors) on the forms
// form-errors.spec.ts does not walk: the admin settings, category, page, newsletter, inbox reply
// and moderation reason forms, the account page's profile and password, and the four admin
// forms of form-errors.spec.ts again on a phone. In each error state: every message under its
// field (aria-invalid, aria-describedby), focus on the first invalid field, one summary toast
// that the next submission replaces, typed input kept, and no axe WCAG 2.2 AA violation.

// Every test here stands alone: the shards of scripts/e2e.mjs may share them out one by one.
test.describe.configure({ mode: 'parallel' });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe('admin forms at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('settings: a cleared email and a negative limit are named under their fields; Save is off until both are fixed', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Settings Options' })).toBeVisible();
    const email = page.getByLabel('Email', { exact: true });
    const adsPerDay = page.getByLabel('Number of ads per day').first();
    const save = page.getByRole('button', { name: 'Save Settings' });
    await expect(save).toBeEnabled();

    await email.fill('');
    await email.blur();
    await expectFieldError(email, 'Valid email required.');
    await expect(save).toBeDisabled();
    await adsPerDay.fill('-1');
    await adsPerDay.blur();
    await expectAccessible(page, 'settings with errors');

    // Fixing the email leaves Save off and names what is left beside it; nothing typed is lost.
    await email.fill('hello@market.example');
    await expectNoFieldError(email);
    await expect(save).toBeDisabled();
    await expect(save).toHaveAccessibleDescription('Please enter a number of 0 or more.');
    await expect(page.getByRole('status').filter({ hasText: 'Please enter a number of 0 or more.' })).toBeVisible();
    await expect(adsPerDay).toHaveValue('-1');
    await adsPerDay.fill('3');
    await expect(save).toBeEnabled();
    await expect(email).toHaveValue('hello@market.example');
  });

  test('category: add and edit with an empty name', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    await page.goto('/admin/add-edit-category');
    await expect(page.getByRole('heading', { name: 'Category List' })).toBeVisible();
    const name = page.getByLabel('Name', { exact: true });
    const slug = page.getByLabel('Slug', { exact: true });

    await page.getByRole('button', { name: 'Add Category' }).click();
    await expectFieldError(name, 'Please enter name.');
    await expectFieldError(slug, 'Please enter slug.');
    await expect(name).toBeFocused();
    await expectOneToast(page, 'Please enter name.');
    await expectAccessible(page, 'add category with errors');
    await slug.fill('garden-tools');
    await expectNoFieldError(slug);
    await expect(name).toHaveAttribute('aria-invalid', 'true');

    // Edit loads a row without the add form's messages; then its name cleared.
    await page
      .getByRole('button', { name: /^Edit category / })
      .first()
      .click();
    await expect(page.getByRole('button', { name: 'Update Category' })).toBeVisible();
    await expect(name).not.toHaveValue('');
    await expectNoFieldError(name);
    await expectNoFieldError(slug);
    const slugBefore = await slug.inputValue();
    await name.fill('');
    await page.getByRole('button', { name: 'Update Category' }).click();
    await expectFieldError(name, 'Please enter name.');
    await expectNoFieldError(slug);
    await expect(name).toBeFocused();
    await expectOneToast(page, 'Please enter name.');
    await expect(slug).toHaveValue(slugBefore);
    await expectAccessible(page, 'edit category with an error');
    await page.getByRole('button', { name: 'Cancel edit' }).click();
  });

  test('page: an empty new page names its name, template and keyword', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    await page.goto('/admin/add-edit-page');
    await expect(page.getByRole('heading', { name: 'Page Details' })).toBeVisible();
    const name = page.getByLabel('Name', { exact: true });
    const keyword = page.getByLabel('Keyword', { exact: true });
    const template = page.getByLabel('Template', { exact: true });
    const create = page.getByRole('button', { name: 'Create Page' });

    await create.click();
    await expectFieldError(name, 'Please enter name.');
    await expectFieldError(keyword, 'Please enter keyowrd.');
    await expectFieldError(template, 'Please select template.');
    await expect(name).toBeFocused();
    await expectOneToast(page, 'Please enter name.');
    await expectAccessible(page, 'page form with errors');

    await name.fill('Our team');
    await expectNoFieldError(name);
    await create.click();
    await expect(keyword).toBeFocused();
    await expect(toasts(page)).toHaveCount(1);
    await expectNoFieldError(name);
    await expect(name).toHaveValue('Our team');
  });

  test('newsletter compose: an empty subject and text', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    await page.goto('/admin/newsletter');
    const compose = page.getByRole('region', { name: 'Send a newsletter' });
    const subject = compose.getByLabel('Subject', { exact: true });
    const text = compose.getByLabel('Text', { exact: true });
    const send = compose.getByRole('button', { name: 'Send to confirmed subscribers' });

    await send.click();
    await expectFieldError(subject, 'Please enter a subject.');
    await expectFieldError(text, 'Please enter the newsletter text.');
    await expect(subject).toBeFocused();
    await expectOneToast(page, 'Please enter a subject.');
    await expectAccessible(page, 'newsletter compose with errors');

    await subject.fill('Market news');
    await expectNoFieldError(subject);
    await send.click();
    await expect(text).toBeFocused();
    await expectOneToast(page, 'Please enter the newsletter text.');
    await expect(subject).toHaveValue('Market news');
  });

  test('inbox: an empty reply', async ({ page, request }) => {
    test.setTimeout(120_000);
    const subject = `Bike question ${unique()}`;
    const sent = await request.post('/api/contact', {
      data: {
        name: 'Ivy Inbox',
        email: `ivy-${unique()}@example.com`,
        subject,
        message: 'Is the bike still for sale?',
        source: 'contact',
      },
    });
    expect(sent.ok(), await sent.text()).toBe(true);

    await signInAsAdmin(page);
    await page.goto('/admin/inbox');
    await page.getByTestId('inbox-row').filter({ hasText: subject }).click();
    await expect(page.getByRole('heading', { name: subject })).toBeVisible();
    const reply = page.getByLabel('Reply to Ivy Inbox');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expectFieldError(reply, 'Please write a reply.');
    await expect(reply).toBeFocused();
    await expectOneToast(page, 'Please write a reply.');
    await expectAccessible(page, 'inbox reply with an error');

    await reply.fill('Yes, it is.');
    await expectNoFieldError(reply);
  });

  test('moderation: removing an ad with no reason', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const seller = await browser.newPage();
    await signUpThroughApi(seller, 'Rex Removed', 'formmod');
    const heading = `Sealed speaker ${unique()}`;
    const ad = await postAdThroughApi(seller, heading);
    await seller.close();
    const report = await request.post('/api/reports', { data: { adId: ad.id, reason: 'spam' } });
    expect(report.ok(), await report.text()).toBe(true);

    await signInAsAdmin(page);
    await page.goto('/admin/moderation');
    const card = page.getByRole('listitem').filter({ hasText: heading });
    await card.getByRole('button', { name: 'Remove', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Remove “${heading}”?` });
    await expect(dialog).toBeVisible();
    const reason = dialog.getByLabel('Reason for the owner');
    await dialog.getByRole('button', { name: 'Remove ad' }).click();
    await expectFieldError(reason, 'Please write a reason.');
    await expect(reason).toBeFocused();
    await expectOneToast(page, 'Please write a reason.');
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'moderation reason dialog with an error');

    // Typing takes the message away; a second empty try shows one toast again.
    await reason.fill('Spam');
    await expectNoFieldError(reason);
    await reason.fill(' ');
    await dialog.getByRole('button', { name: 'Remove ad' }).click();
    await expectFieldError(reason, 'Please write a reason.');
    await expect(toasts(page)).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    // Nothing was removed.
    await expect(card).toBeVisible();
  });
});

test.describe('my account at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('profile and password: messages under the fields, the server’s wrong password too', async ({ page }) => {
    test.setTimeout(150_000);
    const user = await signUpThroughApi(page, 'Pat Profile', 'formacct');
    await page.goto('/admin/account');
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();

    const profile = page.getByRole('region', { name: 'Profile', exact: true });
    const name = profile.getByLabel('Name', { exact: true });
    const phone = profile.getByLabel('Phone', { exact: true });
    await name.fill('');
    await phone.fill('call me maybe');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expectFieldError(name, 'Please enter your name.');
    await expectFieldError(phone, 'Please enter a valid phone number.');
    await expect(name).toBeFocused();
    await expectOneToast(page, 'Please enter your name.');
    await expectAccessible(page, 'profile with errors');
    await name.fill('Pat Profile');
    await expectNoFieldError(name);
    await expect(phone).toHaveValue('call me maybe');

    const password = page.getByRole('region', { name: 'Password', exact: true });
    const current = password.getByLabel('Current password', { exact: true });
    const next = password.getByLabel('New password', { exact: true });
    const change = password.getByRole('button', { name: 'Change password' });

    await change.click();
    await expectFieldError(current, 'Please enter your current password.');
    await expectFieldError(next, 'Please enter a new password.');
    await expect(current).toBeFocused();
    // The profile's toast went when this form was sent.
    await expectOneToast(page, 'Please enter your current password.');

    // Too short.
    await current.fill(user.password);
    await next.fill('abc');
    await change.click();
    await expectNoFieldError(current);
    await expectFieldError(next, 'Password must be at least 6 characters.');
    await expect(next).toBeFocused();
    await expectOneToast(page, 'Password must be at least 6 characters.');

    // The server refuses a wrong current password: under that field too.
    await current.fill('not-my-password');
    await next.fill('brand-new-secret');
    await change.click();
    await expectFieldError(current, 'Your current password is not correct.');
    await expectNoFieldError(next);
    await expect(current).toBeFocused();
    await expectOneToast(page, 'Your current password is not correct.');
    await expect(next).toHaveValue('brand-new-secret');
    await expectAccessible(page, 'password change with a wrong current password');
  });
});

test.describe('admin forms at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('put each problem under its field, focus the first in view, and pass axe in that state', async ({ page }) => {
    // Four forms, each checked by axe: seconds apiece on a loaded machine.
    test.setTimeout(180_000);
    await signInAsAdmin(page);
    for (const [path, submit, label, message] of [
      ['/admin/add-user', 'Sign up', 'Name', 'Please enter your name.'],
      ['/admin/faq-form', 'Add FAQ', 'Question', 'Please enter question.'],
      ['/admin/add-membership-plan', 'Add Plan', 'Name', 'Please enter name.'],
      ['/admin/add-testimonial', 'Add Testimonial', 'Name', 'Please enter name.'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('button', { name: submit }).click();
      const field = page.getByRole('main').getByLabel(label, { exact: true });
      await expectFieldError(field, message);
      await expect(field).toBeFocused();
      await expect(field).toBeInViewport();
      const invalid = page.getByRole('main').locator('[aria-invalid="true"]');
      await expect(invalid.first()).toBeFocused();
      // The message under it is named by aria-describedby, and in view with it.
      const messageId = ((await field.getAttribute('aria-describedby')) ?? '').split(' ')[0];
      await expect(page.locator(`[id="${messageId}"]`)).toBeInViewport();
      await expectOneToast(page, message);
      await expectAccessible(page, `${path} with errors at 375 px`);
    }
  });
});
