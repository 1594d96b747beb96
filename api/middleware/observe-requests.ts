import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../context.ts';
import { logRequest, requestIdFrom } from '../lib/log.ts';
import { countRequest, ROUTE_LABELS } from '../lib/metrics.ts';

/**
 * The API's outermost bookkeeping: gives the request its id (a sane incoming X-Request-Id,
 * else a new one; the site server passes its own on), sends it back in X-Request-Id, and once
 * answered counts the request in /metrics and writes its log line, both under the route's
 * pattern (`/api/ads/:id`), never the raw path.
 */
export const observeRequests: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  c.set('requestId', requestIdFrom(c.req.header('x-request-id')));
  try {
    await next();
  } finally {
    c.header('x-request-id', c.var.requestId);
    const route = routePattern(c);
    const status = c.res.status;
    const ms = performance.now() - started;
    countRequest(c.req.method, route, status, ms / 1000);
    logRequest({ requestId: c.var.requestId, method: c.req.method, route, status, durationMs: ms });
  }
};

/** The pattern of the route that answered (the last one matched), or `unmatched`. */
function routePattern(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const r = routes[i];
    if (r && r.method !== 'ALL') return r.path;
  }
  return ROUTE_LABELS.unmatched;
}
