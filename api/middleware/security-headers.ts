import { createMiddleware } from 'hono/factory';
import { FALLBACK_PAGE_CSP, NON_HTML_CSP } from '../constants/csp.ts';
import type { AppEnv } from '../context.ts';
import { env } from '../env.ts';
import { trustedProxyHops } from '../lib/client-ip.ts';

/**
 * Security headers for every response: pages (src/middleware.ts), the API (below), uploads,
 * and static files (scripts/start.mjs). Pages get their Content-Security-Policy from Astro
 * (astro.config.mjs `security.csp`, which adds the hashes of the island scripts it inlines);
 * anything that has none gets one of the strict policies of api/constants/csp.ts, the one
 * place the directives are written.
 */

export { FALLBACK_PAGE_CSP, NON_HTML_CSP };

const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  // The site's own pages may ask for the position ("Use my location", only on that click).
  'geolocation=(self)',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
  'browsing-topics=()',
].join(', ');

/** Is the client talking to us over https (directly, by SITE_URL, or via a trusted proxy)? */
export function isHttpsRequest(url: string, headers: { get(name: string): string | null }): boolean {
  if (env().siteUrl.startsWith('https://')) return true;
  if (trustedProxyHops() > 0 && headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https') return true;
  return url.startsWith('https://');
}

/** The headers every response carries, whatever its type. */
export function baseSecurityHeaders(options: { https: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    // For browsers without CSP frame-ancestors (and static HTML whose CSP is a <meta>).
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
  if (options.https && env().NODE_ENV === 'production') {
    headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  }
  return headers;
}

/**
 * Sets the security headers on `headers` (a Response's): the base set, and a CSP when the
 * response has none (HTML gets the fallback page policy, everything else the strict one). A
 * 304 (`notModified`) gets no CSP: it has no body, and a browser merges a 304's headers into
 * the page it kept, so the strict policy would take the page's styles and scripts away.
 */
export function applySecurityHeaders(headers: Headers, options: { https: boolean; notModified?: boolean }) {
  for (const [k, v] of Object.entries(baseSecurityHeaders(options))) headers.set(k, v);
  headers.delete('X-Powered-By');
  if (!options.notModified && !headers.has('Content-Security-Policy')) {
    const html = (headers.get('content-type') ?? '').includes('text/html');
    headers.set('Content-Security-Policy', html ? FALLBACK_PAGE_CSP : NON_HTML_CSP);
  }
}

/** Returns `res` with the security headers, copying it first if its headers are immutable. */
export function withSecurityHeaders(res: Response, options: { https: boolean }): Response {
  const applied = { ...options, notModified: res.status === 304 };
  try {
    applySecurityHeaders(res.headers, applied);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    applySecurityHeaders(copy.headers, applied);
    return copy;
  }
}

/** Adds `name` to the response's Vary header unless it is already there. */
export function addVary(headers: Headers, name: string) {
  const current = headers.get('vary');
  const names = (current ?? '').split(',').map((v) => v.trim().toLowerCase());
  if (names.includes('*') || names.includes(name.toLowerCase())) return;
  headers.set('Vary', current ? `${current}, ${name}` : name);
}

/** Freshness directives a personal answer must not keep (they would let a cache reuse it). */
const CACHEABLE_DIRECTIVE =
  /^(public|private|no-store|no-cache|max-age|s-maxage|immutable|stale-|must-revalidate|proxy-revalidate)/i;

/**
 * Marks an answer as personal (made for one signed-in caller, or setting a cookie): no cache
 * may store it (`private, no-store`), and `Vary: Cookie` tells any cache in front that the same
 * URL answers differently per cookie. Other directives (no-transform) are kept.
 */
export function markPersonal(headers: Headers) {
  const kept = (headers.get('cache-control') ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d && !CACHEABLE_DIRECTIVE.test(d));
  headers.set('Cache-Control', ['private', 'no-store', ...kept].join(', '));
  addVary(headers, 'Cookie');
}

/** Applies `change` to the response's headers, copying the response first if they are immutable. */
export function withHeaders(res: Response, change: (headers: Headers) => void): Response {
  try {
    change(res.headers);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    change(copy.headers);
    return copy;
  }
}

/** The API's copy: every /api response, including errors and 404s. */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const options = { https: isHttpsRequest(c.req.url, c.req.raw.headers) };
  try {
    applySecurityHeaders(c.res.headers, options);
  } catch {
    c.res = withSecurityHeaders(c.res, options);
  }
});
