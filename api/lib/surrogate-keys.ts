// What a cached answer shows and what a write makes stale, as surrogate keys: the words a shared
// cache in front of the site (deploy/varnish/) matches to drop answers (api/middleware/shared-cache.ts
// puts them on answers, api/services/cache/purge-caches.ts sends them to the caches).

/** Surrogate keys, each a word a cache can match: `site` is on every cached answer. */
export type TSurrogateKey = 'site' | 'ads' | 'pages' | 'places';

/** Pages that show content pages, plans or testimonials but no ads. */
const CONTENT_PAGES = new Set([
  '/about-us',
  '/faqs',
  '/membership',
  '/contact-us',
  '/privacy-policy',
  '/terms-of-service',
]);
/** Public API reads of content (not ads). */
const CONTENT_API = /^\/api\/(faqs|pages|testimonials|memberships)(\/|$)/;

/** What an answer for `pathname` shows, as surrogate keys. */
export function surrogateKeysFor(pathname: string): TSurrogateKey[] {
  if (pathname === '/api/places' || pathname.startsWith('/api/places/')) return ['site', 'places'];
  if (CONTENT_API.test(pathname) || CONTENT_PAGES.has(pathname)) return ['site', 'pages'];
  if (pathname.startsWith('/api/')) return ['site', 'ads'];
  // Every other page may list ads (home, city pages, an ad and its related ads, a seller, the
  // feeds and sitemaps) and its footer names the content pages.
  return ['site', 'ads', 'pages'];
}

/**
 * Writes whose changes show in ads, cards and lists (an ad, its owner's name or standing), or
 * on the seller and ad pages (a review, its answer, a moderator's removal).
 */
const AD_WRITES =
  /^\/api\/(ads(\/|$)|renew-ad$|reports$|moderation\/ads\/|users\/\d+\/(ban|unban)$|user\/(\d+|update|admin-add-user)$|account(\/delete)?$|plan-requests\/|conversations\/\d+\/review$|reviews\/\d+(\/reply)?$|moderation\/reviews\/)/;
/** Writes of content pages, FAQs, testimonials and plans. */
const CONTENT_WRITES = /^\/api\/(faqs|pages|testimonials|memberships)(\/|$)/;

/**
 * The keys a successful write to `pathname` makes stale: an ad's `ads`, content's `pages`,
 * anything else (categories, site settings, what is not listed here) `site`, which every cached
 * answer carries. Personal writes (login, wishlist…) never reach here (the page cache's noteWrite, api/page-cache/store.ts).
 */
export function purgeKeysFor(pathname: string): TSurrogateKey[] {
  if (AD_WRITES.test(pathname)) return ['ads'];
  if (CONTENT_WRITES.test(pathname)) return ['pages'];
  return ['site'];
}
