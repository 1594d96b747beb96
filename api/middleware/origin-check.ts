import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { env } from '../env.ts';
import { AppError } from '../errors.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE = 'Cross-site requests are not allowed.';

/**
 * Is this request allowed to change state, as far as CSRF goes? The browser tells where a
 * request comes from: Origin (every cross-origin POST/PUT/PATCH/DELETE carries it) or, for
 * older cases, Sec-Fetch-Site. A request is refused when either names another site, whatever
 * the body type (Hono's csrf() only looks at form bodies; a JSON fetch with credentials is
 * just as dangerous). Requests that carry neither header come from non-browser clients
 * (curl, mobile apps), which cannot be tricked into sending a victim's cookie, and pass.
 *
 * "Our own origin" is SITE_URL's origin or the origin the request was addressed to (its Host
 * header, which a page on another site cannot choose).
 */
export function isCrossSite(request: { method: string; url: string; headers: Headers }): boolean {
  if (!UNSAFE.has(request.method.toUpperCase())) return false;
  const origin = request.headers.get('origin');
  if (origin) {
    if (origin === 'null') return true;
    const own = new Set([new URL(request.url).origin, new URL(env().siteUrl).origin]);
    return !own.has(origin);
  }
  const site = request.headers.get('sec-fetch-site');
  return site === 'cross-site' || site === 'same-site';
}

/**
 * CSRF guard for the API: a state-changing request that is not authenticated by a bearer
 * header (so the browser may have attached our cookie on its own) must come from our origin.
 * Bearer requests are exempt: a page on another site cannot set Authorization without a
 * CORS preflight, which this API never grants.
 */
export const originCheck = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.authVia !== 'bearer' && isCrossSite(c.req.raw)) {
    throw new AppError('FORBIDDEN', CROSS_SITE);
  }
  await next();
});
