import type { Page } from '@playwright/test';

/** The toasts on screen (react-hot-toast's outlet): a form's summary, never its field messages. */
export const toasts = (page: Page) => page.locator('[data-rht-toaster] [role="status"]');

/** The toast that says exactly `text` (a field's message with the same words is not it). */
export const toastWith = (page: Page, text: string) => toasts(page).getByText(text, { exact: true });
