import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { postAdThroughApi, signUpThroughApi } from './api-setup.ts';
import { toasts } from './toasts.ts';

// The one way forms show their errors (docs/SCREENS.md, Form errors), walked at both sizes:
// each message under its field, tied to it by aria-describedby and aria-invalid, focus on the
// first invalid field (in view on a phone), one summary toast that a new submission replaces,
// typed input kept; files checked when chosen; a reached limit turns the form off.

// Every test here stands alone: the shards of scripts/e2e.mjs may share them out one by one.
test.describe.configure({ mode: 'parallel' });

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** The control is marked invalid and names a message with `text` in its aria-describedby. */
async function expectFieldError(control: Locator, text: string) {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

async function expectNoFieldError(control: Locator) {
  await expect(control).not.toHaveAttribute('aria-invalid', 'true');
}

/** No WCAG 2.2 AA violation in the page as it is now (with its error messages showing). */
async function expectAccessible(page: Page, label: string) {
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    label,
  ).toEqual([]);
}

/** Waits until the named React island has hydrated (Astro drops its ssr attribute). */
async function hydrated(page: Page, component: string) {
  await page.locator(`astro-island[component-url*="/${component}."]:not([ssr])`).first().waitFor({ state: 'attached' });
}

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
      // The server's bot check wants a person's pace.
      await page.waitForTimeout(3100);
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
