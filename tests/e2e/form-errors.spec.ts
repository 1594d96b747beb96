import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signInAsAdmin } from './admin-helpers.ts';
import { postAdThroughApi, signUpThroughApi } from './api-setup.ts';
import { expectAccessible, expectFieldError, expectNoFieldError } from './form-error-checks.ts';
import { hydrated } from './page-helpers.ts';
import { toasts } from './toasts.ts';

// The one way forms show their errors (docs/SCREENS.md, Form errors), walked at both sizes:
// each message under its field, tied to it by aria-describedby and aria-invalid, focus on the
// first invalid field (in view on a phone), one summary toast that a new submission replaces,
// typed input kept; files checked when chosen; a reached limit turns the form off.

// Every test here stands alone: the shards of scripts/e2e.mjs may share them out one by one.
test.describe.configure({ mode: 'parallel' });

async function png() {
  const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3b82f6' } })
    .png()
    .toBuffer();
  return { name: 'real-photo.png', mimeType: 'image/png', buffer };
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 812 } });

    test('sign-up: messages under the fields, focus on the first, one toast per try, input kept', async ({ page }) => {
      await page.goto('/sign-up');
      const submit = page.getByRole('button', { name: 'Sign Up' });
      await expect(submit).toBeEnabled();
      const name = page.getByLabel('Name', { exact: true });
      const email = page.getByLabel('Email', { exact: true });

      await submit.click();
      await expectFieldError(name, 'Please enter your name.');
      await expectFieldError(email, 'Please enter your email.');
      await expect(name).toBeFocused();
      await expect(name).toBeInViewport();
      await expect(toasts(page)).toHaveCount(1);
      await expect(toasts(page)).toContainText('Please enter your name.');
      await expectAccessible(page, 'sign-up with errors');

      // Typing takes that field's message away at once; the next try shows only what is left.
      await name.fill('Ann Example');
      await expectNoFieldError(name);
      await email.fill('not-an-email');
      await submit.click();
      await expectFieldError(email, 'Please enter a valid email.');
      await expect(email).toBeFocused();
      await expect(toasts(page)).toHaveCount(1);
      await expect(toasts(page)).toContainText('Please enter a valid email.');
      await expect(name).toHaveValue('Ann Example');
    });

    test('contact form: messages under the fields and the summary toast, then sent', async ({ page }) => {
      await page.goto('/contact-us');
      const form = page.getByRole('form', { name: 'Get in Touch' });
      // The form hydrates once it scrolls into view (below the fold on a phone).
      await form.scrollIntoViewIfNeeded();
      await hydrated(page, 'ContactForm');
      const name = form.getByLabel('Your Name');
      const email = form.getByLabel('Your Email');
      const message = form.getByLabel('Your Message');
      await name.fill('Ann Example');
      await email.fill('ann@');
      await form.getByRole('button', { name: 'Submit Now' }).click();
      await expectNoFieldError(name);
      await expectFieldError(email, 'Please enter a valid email.');
      await expectFieldError(message, 'Please enter your message.');
      await expect(email).toBeFocused();
      await expect(toasts(page)).toHaveCount(1);
      await expectAccessible(page, 'contact with errors');

      await email.fill('ann@example.com');
      await message.fill('Do you deliver to Bergen?');
      await form.getByRole('button', { name: 'Submit Now' }).click();
      // The success toast takes the error toasts' place.
      await expect(toasts(page)).toHaveCount(1);
      await expect(toasts(page)).not.toContainText('Please enter');
      await expect(message).toHaveValue('');
    });

    test('newsletter: the email problem sits under the field, on the band', async ({ page }) => {
      await page.goto('/about-us');
      const band = page.locator('form[data-newsletter]');
      const input = band.getByLabel('Email address');
      await band.getByRole('button', { name: 'Subscribe Now' }).click();
      await expectFieldError(input, 'Please enter your email.');
      await expect(input).toBeFocused();
      await input.fill('reader@');
      await expectNoFieldError(input);
      await band.getByRole('button', { name: 'Subscribe Now' }).click();
      await expectFieldError(input, 'Please enter a valid email.');
      await expect(toasts(page)).toHaveCount(1);
      await expectAccessible(page, 'newsletter with an error');
    });

    test('ad form: a text file named .jpg is refused when chosen, with no preview; a real image is taken', async ({
      page,
    }) => {
      await signUpThroughApi(page, 'Fay Files', 'files');
      await page.goto('/admin/add-ads');
      const picker = page.getByLabel('Ad image', { exact: true });
      await picker.setInputFiles({
        name: 'holiday.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('just some text'),
      });
      await expect(
        page.getByText('holiday.jpg is not a JPEG, PNG, WebP, GIF or AVIF image, so it was left out.'),
      ).toBeVisible();
      await expect(picker).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('img', { name: 'holiday.jpg' })).toHaveCount(0);

      await picker.setInputFiles(await png());
      await expect(page.getByRole('img', { name: 'real-photo.png' })).toBeVisible();
      await expect(page.getByText(/holiday\.jpg is not/)).toHaveCount(0);
      await expect(picker).not.toHaveAttribute('aria-invalid', 'true');

      // The schema's problems sit under their fields too, with the one toast.
      await page.getByRole('button', { name: 'Create Ads' }).click();
      const heading = page.getByLabel('Heading', { exact: true });
      await expectFieldError(heading, 'Please enter heading.');
      await expect(heading).toBeFocused();
      await expect(toasts(page)).toHaveCount(1);
      await expectAccessible(page, 'ad form with errors');
    });

    test('a reached daily limit turns the post form off and says when posting opens again', async ({ page }) => {
      await signUpThroughApi(page, 'Lena Limit', 'limit');
      const limit = await (await page.request.get('/api/get-limit')).json();
      expect(limit.adsPerDay).toBeGreaterThan(0);
      for (let i = 0; i < limit.adsPerDay; i++) await postAdThroughApi(page, `Limit lamp ${i} ${Date.now()}`);

      await page.goto('/admin/add-ads');
      const notice = page.getByRole('status').filter({ hasText: 'daily limit' });
      await expect(notice).toBeVisible();
      const resets = await (await page.request.get('/api/get-limit')).json();
      await expect(notice.locator('time')).toHaveAttribute('datetime', resets.resetsAt);
      await expect(page.getByRole('button', { name: 'Create Ads' })).toBeDisabled();
      await expect(page.getByLabel('Heading', { exact: true })).toBeDisabled();
      await expect(notice.getByRole('link', { name: 'upgrade your membership' })).toHaveAttribute(
        'href',
        '/membership',
      );
    });
  });
}

test.describe('the dialogs and the FAQ question form at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('show their problems under the fields, with no axe violation in those states', async ({ page, request }) => {
    // Three axe checks: seconds each on a loaded machine.
    test.setTimeout(120_000);
    await page.goto('/faqs');
    const faq = page.getByRole('form', { name: 'Ask Your Valuable Questions' });
    await faq.getByRole('button', { name: 'Submit Now' }).click();
    await expectFieldError(faq.getByLabel('Name'), 'Please enter your name.');
    await expectFieldError(faq.getByLabel('Phone'), 'Please enter your phone number.');
    await expect(faq.getByLabel('Name')).toBeFocused();
    await expectAccessible(page, 'FAQ question form with errors');

    await signUpThroughApi(page, 'Mona Member', 'member');
    await page.goto('/membership');
    await page.getByRole('button', { name: 'Select Gold' }).click();
    const membership = page.getByRole('dialog', { name: 'Membership Form' });
    await membership.getByRole('button', { name: 'Submit' }).click();
    await expectFieldError(membership.getByLabel('Telephone'), 'Please enter your telephone number.');
    await expectFieldError(membership.getByLabel('Business Name'), 'Please enter your business name.');
    await expect(membership.getByLabel('Telephone')).toBeFocused();
    await expectAccessible(page, 'membership form with errors');
    await membership.getByRole('button', { name: 'Cancel' }).click();

    const ad = (await (await request.get('/api/all-ads?limit=1')).json()).ads[0] as { slug: string };
    await page.goto(`/add-details/${ad.slug}`);
    const reportButton = page.getByRole('button', { name: 'Report this ad' });
    await reportButton.scrollIntoViewIfNeeded();
    await hydrated(page, 'ReportAd');
    await reportButton.click();
    const report = page.getByRole('dialog', { name: 'Report this ad' });
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(report.getByRole('group', { name: 'Reason' })).toHaveAccessibleDescription('Please choose a reason.');
    await expectAccessible(page, 'report dialog with an error');
  });
});

test.describe('admin forms at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('put each problem under its field, focus the first, and pass axe in that state', async ({ page }) => {
    // Four forms, each checked by axe: seconds apiece on a loaded machine.
    test.setTimeout(180_000);
    await signInAsAdmin(page);
    for (const [path, submit] of [
      ['/admin/add-user', 'Sign up'],
      ['/admin/faq-form', 'Add FAQ'],
      ['/admin/add-membership-plan', 'Add Plan'],
      ['/admin/add-testimonial', 'Add Testimonial'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('button', { name: submit }).click();
      const invalid = page.getByRole('main').locator('[aria-invalid="true"]');
      await expect(invalid.first()).toBeVisible();
      await expect(invalid.first()).toBeFocused();
      // The message under it is named by aria-describedby.
      await expect(invalid.first()).toHaveAttribute('aria-describedby', /-error\b/);
      const messageId = ((await invalid.first().getAttribute('aria-describedby')) ?? '').split(' ')[0];
      await expect(page.locator(`[id="${messageId}"]`)).toBeVisible();
      await expect(toasts(page)).toHaveCount(1);
      await expectAccessible(page, `${path} with errors`);
    }
  });
});
