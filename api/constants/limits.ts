/**
 * Limits that the API's schemas, the server-rendered pages and the browser code all apply.
 * Imports nothing, so any of them can use it without pulling server code into a bundle.
 */

/** Ads on one page of the public ad list, and the most one request may ask for. */
export const AD_PAGE_SIZE = 10;
export const AD_MAX_LIMIT = 100;
/** Deepest page served by every list; far past any real catalogue, it keeps OFFSET bounded. */
export const MAX_PAGE = 100_000;
export const AD_MAX_PAGE = MAX_PAGE;

/** Rows on one page of an admin table, and the most one page may ask for. */
export const ADMIN_PAGE_SIZE = 5;
export const ADMIN_MAX_LIMIT = 100;

/** The largest price a numeric(12, 2) column holds: ads, plans and the price filters. */
export const MAX_PRICE = 9_999_999_999.99;

/** The audit log (admin) shows this many moderator actions a page. */
export const AUDIT_LOG_PAGE_SIZE = 25;
