// No React here: plain page scripts (the pricing table) leave a toast for the next page too.

/** Where a toast for the next page waits (read by showFlash in toast.ts). */
export const FLASH_KEY = 'flash';

/**
 * A toast to show on the next page (e.g. after logout's redirect). `to`: the path of that page,
 * when the toast belongs there only. A page still open while the browser fetches the next one
 * may mount its toast outlet in that time (its React loads on demand), and it would show the
 * toast on the page being left: logging out right after signing up lost "Successfully logout"
 * that way on a slow machine.
 */
export function flash(kind: 'success' | 'error' | 'warning', message: string, title?: string, to?: string) {
  sessionStorage.setItem(FLASH_KEY, JSON.stringify({ kind, message, title, to }));
}
