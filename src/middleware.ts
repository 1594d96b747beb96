import { defineMiddleware } from 'astro:middleware';
import { SESSION_COOKIE } from '../api/auth/cookies.ts';
import { validateSessionToken } from '../api/auth/session.ts';
import { ensureBooted } from '../api/boot.ts';
import { READ_PRIMARY_COOKIE, readPrimaryCookie, readsOnPrimary, withReadPreference } from '../api/db/replicas.ts';
import { isDatabaseUnavailable, isInvalidDataError } from '../api/lib/db-unavailable.ts';
import { DB_UNAVAILABLE_RETRY_AFTER_SEC } from '../api/lib/limits.ts';
import { purgeKeysFor } from '../api/lib/surrogate-keys.ts';
import { compressWhole } from '../api/middleware/compress-body.ts';
import { PAGE_METHODS } from '../api/middleware/method-not-allowed.ts';
import { isCrossSite } from '../api/middleware/origin-check.ts';
import {
  addVary,
  isHttpsRequest,
  markPersonal,
  withHeaders,
  withSecurityHeaders,
} from '../api/middleware/security-headers.ts';
import { etagOf, isShareable, markShared, notModified } from '../api/middleware/shared-cache.ts';
import { lookupPage, type TPageFill } from '../api/page-cache/lookup.ts';
import { noteWrite } from '../api/page-cache/store.ts';
import { queueCachePurge } from '../api/services/cache/purge-caches.ts';

/** Answers held in memory whole (pages, JSON), never streams such as text/event-stream. */
const WHOLE = /^(text\/html|application\/json)/i;
/** Other answers read whole when a shared cache may keep them, for their ETag (feeds, sitemaps). */
const TEXTUAL = /^(application\/(rss\+)?xml|text\/(plain|xml))/i;

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
 * short cache (api/page-cache/), and puts the security headers on every
 * response (pages, /api, /uploads).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const https = isHttpsRequest(context.request.url, context.request.headers);
  const path = context.url.pathname;
  // The page's pattern ('/ads/[slug]'), for the server's request count and log line
  // (server/request-observer.ts reads it back from the locals it passed in); the API names its own.
  if (!path.startsWith('/api/')) context.locals.route = context.routePattern;
  let res: Response;
  let fill: TPageFill | undefined;
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
      const ifNoneMatch = context.request.headers.get('if-none-match');
      const cached = await lookupPage(context.request, path);
      if (cached.hit) return withSecurityHeaders(notModified(ifNoneMatch, cached.hit.headers) ?? cached.hit, { https });
      fill = cached.fill;
      if (!NO_BOOT.has(path)) await ensureBooted();
      context.locals.user = null;
      const token = context.cookies.get(SESSION_COOKIE)?.value;
      if (token && !path.startsWith('/api/')) {
        const result = await validateSessionToken(token);
        context.locals.user = result?.user ?? null;
      }
      // Just after its own write, a caller reads from the primary (api/db/replicas.ts).
      const primary = readsOnPrimary(context.cookies.get(READ_PRIMARY_COOKIE)?.value);
      res = await withReadPreference(primary, next);
      const status = res.status;
      const method = context.request.method;
      if (!path.startsWith('/api/')) res = withHeaders(res, (h) => pageCaching(h, path, status, Boolean(token)));
      // An anonymous answer a shared cache in front may keep (shared-cache.ts).
      const anonymous = !context.request.headers.has('cookie') && !context.request.headers.has('authorization');
      const shared = isShareable({ method, anonymous }, res);
      if (shared) res = withHeaders(res, (h) => markShared(h, path));
      if (noteWrite(method, res.status, path)) purgeSharedCaches(path);
      const stick = method !== 'GET' && method !== 'HEAD' && status < 400 ? readPrimaryCookie() : undefined;
      if (stick) res = withHeaders(res, (h) => h.append('Set-Cookie', stick));
      const type = res.headers.get('content-type') ?? '';
      if (res.body && method !== 'HEAD' && (WHOLE.test(type) || (shared && TEXTUAL.test(type)))) {
        // A page Astro streamed in hundreds of small chunks, or an API answer (a string
        // already), goes out as one body, compressed here in one call (compress-body.ts),
        // read once for the cache, its ETag and that.
        const body = new Uint8Array(await res.arrayBuffer());
        if (shared) res = withHeaders(res, (h) => h.set('ETag', etagOf(body)));
        if (fill) res = fill.store(res, body);
        res =
          notModified(ifNoneMatch, res.headers) ??
          compressWhole(res, body, context.request.headers.get('accept-encoding'));
      } else if (fill) res = await fill.storeStreamed(res);
    }
  } catch (err) {
    fill?.end();
    if (isInvalidDataError(err)) {
      // A value the database cannot hold (e.g. a NUL in a slug): nothing can be found by it.
      res = new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
      return withSecurityHeaders(res, { https });
    }
    if (!isDatabaseUnavailable(err)) throw err;
    console.error(`[site] database unavailable: ${context.request.method} ${path}`);
    res = path.startsWith('/api/') || path === '/readyz' ? apiUnavailable() : unavailable();
  }
  fill?.end();
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

/**
 * A write others may see makes the answers showing it stale at the shared caches in front: a
 * job per cache purges its keys (api/services/cache/purge-caches.ts). A failure to queue it is
 * logged, never the write's failure: the answers expire within HTTP_CACHE_S_MAXAGE anyway.
 */
function purgeSharedCaches(path: string) {
  queueCachePurge(purgeKeysFor(path)).catch((err) => console.error('[cache] queueing a purge failed', err));
}

function apiUnavailable(): Response {
  const message = 'The service is temporarily unavailable. Please try again in a few seconds.';
  return Response.json(
    { success: false, error: message, message },
    { status: 503, headers: { 'Retry-After': String(DB_UNAVAILABLE_RETRY_AFTER_SEC) } },
  );
}
