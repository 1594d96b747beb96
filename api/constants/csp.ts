/**
 * The Content-Security-Policy, written once. Astro sends the page policy (astro.config.mjs
 * `security.csp`, which adds the hashes of the inline scripts its islands need), and the API
 * sends the same policy without hashes on HTML that Astro did not render
 * (api/middleware/security-headers.ts). Imports nothing, so the Astro config can load it.
 */

/** Every page directive except script-src and style-src, which Astro builds itself. */
export const PAGE_CSP_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
] as const;

/** Script sources besides the inline-script hashes. */
export const PAGE_SCRIPT_SOURCES = ["'self'"] as const;
/** Inline style attributes are allowed: the rich-text content and the theme colours use them. */
export const PAGE_STYLE_SOURCES = ["'self'", "'unsafe-inline'"] as const;

/**
 * For an HTML response that Astro did not give a policy (an error page, the API reference):
 * the page policy without inline-script hashes, so no inline script can run.
 */
export const FALLBACK_PAGE_CSP = [
  PAGE_CSP_DIRECTIVES[0],
  `script-src ${PAGE_SCRIPT_SOURCES.join(' ')}`,
  `style-src ${PAGE_STYLE_SOURCES.join(' ')}`,
  ...PAGE_CSP_DIRECTIVES.slice(1),
].join('; ');

/** For API JSON, uploads and other non-HTML responses: nothing may run or be framed. */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
