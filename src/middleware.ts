import { defineMiddleware } from 'astro:middleware';
import { SESSION_COOKIE } from '../api/auth/cookies.ts';
import { validateSessionToken } from '../api/auth/session.ts';
import { ensureBooted } from '../api/boot.ts';
import { isDatabaseUnavailable, isInvalidDataError } from '../api/lib/db-unavailable.ts';
import { DB_UNAVAILABLE_RETRY_AFTER_SEC } from '../api/lib/limits.ts';
import { countPageCache } from '../api/lib/metrics.ts';
import { compressWhole } from '../api/middleware/compress-body.ts';
import { PAGE_METHODS } from '../api/middleware/method-not-allowed.ts';
import {
  beginFill,
  cachedResponse,
  cacheKey,
  cacheTtlMs,
  fillInProgress,
  noteWrite,
  responseFrom,
  storeBody,
  storeResponse,
} from '../api/middleware/micro-cache.ts';
import { isCrossSite } from '../api/middleware/origin-check.ts';
import {
  addVary,
  isHttpsRequest,
  markPersonal,
  withHeaders,
  withSecurityHeaders,
} from '../api/middleware/security-headers.ts';

/** Answers held in memory whole (pages, JSON), never streams such as text/event-stream. */
const WHOLE = /^(text\/html|application\/json)/i;

/** Liveness and the metrics must answer even when the database does not. */
const NO_BOOT = new Set(['/healthz', '/metrics']);

function unavailable(): Response {
  return new Response(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Temporarily unavailable</title></head><body><h1>Temporarily unavailable</h1><p>The site is having a short break. Please try again in a few seconds.</p></body></html>',
    {
      status: 503,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': String(DB_UNAVAILABLE_RETRY_AFTER_SEC) },
    },
  );
}

/**
 * One place fills locals: pages ask Astro.locals.user, never the cookie. It also refuses
 * cross-site form posts to pages (the API has its own check, api/middleware/origin-check.ts),
 * turns "database unreachable" into a 503 instead of a 500, serves anonymous GETs from a
 * short cache (api/middleware/micro-cache.ts), and puts the security headers on every
 * response (pages, /api, /uploads).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const https = isHttpsRequest(context.request.url, context.request.headers);
  const path = context.url.pathname;
  // The page's pattern ('/ads/[slug]'), for the server's request count and log line
  // (scripts/lib/site-server.mjs reads it back from the locals it passed in); the API names its own.
  if (!path.startsWith('/api/')) context.locals.route = context.routePattern;
  let res: Response;
  let endFill: (() => void) | undefined;
  try {
    if (!path.startsWith('/api/') && isCrossSite(context.request)) {
      res = new Response('Cross-site requests are not allowed.', {
        status: 403,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      });
    } else if (!path.startsWith('/api/') && context.request.method !== 'GET' && context.request.method !== 'HEAD') {
      // Pages only answer reads (every form posts to /api); the API answers 405 on its own.
      const allow = PAGE_METHODS.join(', ');
      res =
        context.request.method === 'OPTIONS'
          ? new Response(null, { status: 204, headers: { Allow: allow } })
          : new Response('Method not allowed.', {
              status: 405,
              headers: { Allow: allow, 'Content-Type': 'text/plain; charset=utf-8' },
            });
    } else {
      const key = cacheTtlMs() > 0 ? cacheKey(context.request, path) : null;
      const hit = key ? cachedResponse(key) : null;
      if (hit) {
        countPageCache('hit');
        return withSecurityHeaders(hit, { https });
      }
      if (key) {
        // Someone is rendering this very page: share their result (if it could be cached;
        // otherwise render in parallel rather than queue behind one another).
        const pending = fillInProgress(key);
        const shared = pending ? await pending : undefined;
        countPageCache(shared ? 'hit' : 'miss');
        if (shared) return withSecurityHeaders(responseFrom(shared), { https });
        if (!pending) endFill = beginFill(key);
      }
      if (!NO_BOOT.has(path)) await ensureBooted();
      context.locals.user = null;
      const token = context.cookies.get(SESSION_COOKIE)?.value;
      if (token && !path.startsWith('/api/')) {
        const result = await validateSessionToken(token);
        context.locals.user = result?.user ?? null;
      }
      res = await next();
      const status = res.status;
      if (!path.startsWith('/api/')) res = withHeaders(res, (h) => pageCaching(h, path, status, Boolean(token)));
      noteWrite(context.request.method, res.status, path);
      if (res.body && context.request.method !== 'HEAD' && WHOLE.test(res.headers.get('content-type') ?? '')) {
        // A page Astro streamed in hundreds of small chunks, or an API answer (a string
        // already), goes out as one body, compressed here in one call (compress-body.ts),
        // read once for the cache and for that.
        const body = new Uint8Array(await res.arrayBuffer());
        if (key) res = storeBody(key, res, body);
        res = compressWhole(res, body, context.request.headers.get('accept-encoding'));
      } else if (key) res = await storeResponse(key, res);
    }
  } catch (err) {
    endFill?.();
    if (isInvalidDataError(err)) {
      // A value the database cannot hold (e.g. a NUL in a slug): nothing can be found by it.
      res = new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
      return withSecurityHeaders(res, { https });
    }
    if (!isDatabaseUnavailable(err)) throw err;
    console.error(`[site] database unavailable: ${context.request.method} ${path}`);
    res = path.startsWith('/api/') || path === '/readyz' ? apiUnavailable() : unavailable();
  }
  endFill?.();
  return withSecurityHeaders(res, { https });
});

/**
 * A page's answer depends on the session cookie (the header names the user), so it says
 * `Vary: Cookie`; one rendered for a signed-in visitor, the admin area, or one setting a
 * cookie is personal: `Cache-Control: private, no-store`. Files (uploads, sitemaps) are the
 * same for everyone and keep their caching. The API marks its own answers (api/middleware/session.ts).
 */
function pageCaching(headers: Headers, path: string, status: number, withSession: boolean) {
  const html = (headers.get('content-type') ?? '').startsWith('text/html');
  const admin = path === '/admin' || path.startsWith('/admin/');
  const redirect = status >= 300 && status < 400;
  if (admin || headers.has('set-cookie') || (withSession && (html || redirect))) markPersonal(headers);
  else if (html) addVary(headers, 'Cookie');
}

function apiUnavailable(): Response {
  const message = 'The service is temporarily unavailable. Please try again in a few seconds.';
  return Response.json(
    { success: false, error: message, message },
    { status: 503, headers: { 'Retry-After': String(DB_UNAVAILABLE_RETRY_AFTER_SEC) } },
  );
}
