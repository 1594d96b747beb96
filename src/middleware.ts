import { defineMiddleware } from 'astro:middleware';
import { SESSION_COOKIE } from '../api/auth/cookies.ts';
import { validateSessionToken } from '../api/auth/session.ts';
import { ensureBooted } from '../api/boot.ts';
import { isDatabaseUnavailable, isInvalidDataError } from '../api/lib/db-unavailable.ts';
import { DB_UNAVAILABLE_RETRY_AFTER_SEC } from '../api/lib/limits.ts';
import {
  beginFill,
  cachedResponse,
  cacheKey,
  cacheTtlMs,
  fillInProgress,
  noteWrite,
  responseFrom,
  storeResponse,
} from '../api/middleware/micro-cache.ts';
import { isCrossSite } from '../api/middleware/origin-check.ts';
import { isHttpsRequest, withSecurityHeaders } from '../api/middleware/security-headers.ts';

/** Liveness must answer even when the database does not. */
const NO_BOOT = new Set(['/healthz']);

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
  let res: Response;
  let endFill: (() => void) | undefined;
  try {
    if (!path.startsWith('/api/') && isCrossSite(context.request)) {
      res = new Response('Cross-site requests are not allowed.', {
        status: 403,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      });
    } else {
      const key = cacheTtlMs() > 0 ? cacheKey(context.request, path) : null;
      const hit = key ? cachedResponse(key) : null;
      if (hit) return withSecurityHeaders(hit, { https });
      if (key) {
        // Someone is rendering this very page: share their result (if it could be cached;
        // otherwise render in parallel rather than queue behind one another).
        const pending = fillInProgress(key);
        const shared = pending ? await pending : undefined;
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
      noteWrite(context.request.method, res.status, path);
      if (key) res = await storeResponse(key, res);
      else if (res.body && (res.headers.get('content-type') ?? '').startsWith('text/html')) {
        // A page Astro streamed in hundreds of small chunks goes out as one, so the
        // compression on the way out (scripts/start.mjs) runs once instead of per chunk.
        res = new Response(await res.arrayBuffer(), res);
      }
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

function apiUnavailable(): Response {
  const message = 'The service is temporarily unavailable. Please try again in a few seconds.';
  return Response.json(
    { success: false, error: message, message },
    { status: 503, headers: { 'Retry-After': String(DB_UNAVAILABLE_RETRY_AFTER_SEC) } },
  );
}
