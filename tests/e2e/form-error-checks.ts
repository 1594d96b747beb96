import { expect, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './page-helpers.ts';
import { toasts } from './toasts.ts';

// What the one form-error pattern (docs/SCREENS.md, Form errors) looks like to a user, for the
// specs that walk forms in their error states (form-errors.spec.ts, form-errors-admin.spec.ts).

/** The control is marked invalid and names a message with `text` in its aria-describedby. */
export async function expectFieldError(control: Locator, text: string) {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

export async function expectNoFieldError(control: Locator) {
  await expect(control).not.toHaveAttribute('aria-invalid', 'true');
}

/** The one summary toast on screen says `text`. */
export async function expectOneToast(page: Page, text: string) {
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText(text);
}

/** No WCAG 2.2 AA violation in the page as it is now (with its error messages showing). */
export async function expectAccessible(page: Page, label: string) {
  expect(await axeViolations(page), label).toEqual([]);
}
