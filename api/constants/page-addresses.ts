/**
 * Where a page created in the admin is published: at `/<slug>` (src/pages/[slug].astro), unless
 * the slug names one of the site's own addresses. Astro matches its fixed routes first, so a
 * page with such a slug could never be seen there; these slugs are refused when a page is saved
 * (docs/RULES.md, Slugs), except the fixed pages whose text is a page record (below).
 * tests/unit/page-addresses.test.ts checks that every top-level entry of src/pages is listed.
 */
export const RESERVED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  '404',
  '500',
  'add-details',
  'admin',
  'api',
  'category',
  'confirm-email',
  'favicon-svg',
  'feed-xml',
  'forget-password',
  'healthz',
  'home',
  'in',
  'index',
  'login',
  'logout',
  'membership',
  'metrics',
  'newsletter',
  'placeholder-svg',
  'readyz',
  'renew',
  'reset-password',
  'robots-txt',
  'search',
  'seller',
  'sign-in',
  'sign-up',
  'sitemap',
  'sitemap-pages-xml',
  'sitemap-xml',
  'unsubscribe',
  'uploads',
  'verify-email',
  'wishlist',
]);

/**
 * Fixed pages whose words live in a page record: the page with this slug fills the fixed
 * screen (About Us reads its content; Terms and Privacy take their "Last updated" date from
 * it). Such a page may be saved, but it is shown at its fixed address, not by the catch-all.
 */
export const FIXED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  'about-us',
  'contact-us',
  'faqs',
  'privacy-policy',
  'terms-of-service',
]);

export const PAGE_SLUG_RESERVED = 'This address is used by the site. Please choose a different name or slug.';

/** Whether a page with this slug may exist at all. */
export function isReservedPageSlug(slug: string): boolean {
  return RESERVED_PAGE_SLUGS.has(slug) || slug.startsWith('_') || slug.startsWith('sitemap-');
}

/** Whether the catch-all page `/<slug>` shows the page with this slug. */
export function isPublishedPageSlug(slug: string): boolean {
  return slug !== '' && !isReservedPageSlug(slug) && !FIXED_PAGE_SLUGS.has(slug);
}

/** The public address of a page, or null when it has none of its own. */
export function publicPagePath(slug: string): string | null {
  if (FIXED_PAGE_SLUGS.has(slug)) return `/${slug}`;
  return isPublishedPageSlug(slug) ? `/${slug}` : null;
}
