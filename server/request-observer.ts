// What the site server (server/site-server.ts) tells an operator about each request: an
// id (a sane incoming X-Request-Id, else a new one) sent back in X-Request-Id and passed on
// to the API, and once the answer closes, its count in /metrics and its JSON log line under
// the route's pattern, never the raw URL (api/lib/metrics.ts, api/lib/log.ts). Requests the
// API answers are counted by the API itself (api/middleware/observe-requests.ts), once.
// Also the METRICS_PORT listener, which serves only /metrics.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { TSiteApi } from './site-api.ts';

/** Pathnames whose page pattern has been learned; bounded like the server's URL memory. */
const MAX_PAGE_ROUTES = 2000;

/** The locals the server passes to Astro: they come back with the page's pattern, or the API's mark. */
export type TLocals = { route?: string; answeredByApi?: boolean };

/** One request as the observer follows it. */
export type TRecord = {
  id: string;
  pathname: string;
  started: number;
  /** Set by the server when it answers by itself (a cache hit, a file, a refusal). */
  route: string | undefined;
  locals: TLocals;
};

export function createRequestObserver(api: TSiteApi) {
  const { ROUTE_LABELS } = api;
  // A page-cache hit is answered here, never rendered: its pattern is the one its render
  // reported (src/middleware.ts puts it in the locals this server passes to Astro).
  const pageRoutes = new Map<string, string>();
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

  function finish(req: IncomingMessage, res: ServerResponse, record: TRecord) {
    const { locals, pathname } = record;
    if (locals.answeredByApi) return;
    if (locals.route && pageRoutes.get(pathname) !== locals.route) {
      if (pageRoutes.size >= MAX_PAGE_ROUTES) pageRoutes.clear();
      pageRoutes.set(pathname, locals.route);
    }
    const method = req.method ?? 'GET';
    // An API path answered before the API (a cache hit, the database down): its route's pattern.
    const apiRoute = pathname.startsWith('/api/') ? api.apiRoutePattern(method, pathname) : undefined;
    const route = record.route ?? locals.route ?? apiRoute ?? ROUTE_LABELS.unmatched;
    const ms = performance.now() - record.started;
    api.countRequest(method, route, res.statusCode, ms / 1000);
    api.logRequest({ requestId: record.id, method, route, status: res.statusCode, durationMs: ms });
  }

  return {
    /**
     * Starts watching a request: returns its record, whose `route` the server sets when it
     * answers by itself, and whose `locals` it passes to Astro (they come back with the page's
     * pattern, or marked `answeredByApi`).
     */
    begin(req: IncomingMessage, res: ServerResponse): TRecord {
      const id = api.requestIdFrom(one(req.headers['x-request-id']));
      req.headers['x-request-id'] = id;
      const pathname = (req.url ?? '/').split('?')[0];
      const record: TRecord = { id, pathname, started: performance.now(), route: undefined, locals: {} };
      res.once('close', () => finish(req, res, record));
      return record;
    },
    /** The route label of a page-cache hit on `pathname`. */
    cachedRoute(pathname: string): string {
      if (pathname.startsWith('/api/')) return api.apiRoutePattern('GET', pathname) ?? ROUTE_LABELS.unmatched;
      return pageRoutes.get(pathname) ?? ROUTE_LABELS.cached;
    },
  };
}

export type TRequestObserver = ReturnType<typeof createRequestObserver>;

/** What the metrics listener sends: the status, headers and body of its answer. */
export type TMetricsAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * The METRICS_PORT listener: GET /metrics and nothing else (404 JSON). `answer(authorization)`
 * resolves with the answer's status, headers and body: the process's own metrics
 * (api/services/metrics/read-metrics.ts metricsAnswer), or every worker's added up
 * (server/cluster.ts). Returns the server, to close.
 */
export function startMetricsListener({
  port,
  host,
  answer,
  what = 'Metrics',
}: {
  port: number;
  host: string;
  answer: (authorization: string | undefined) => Promise<TMetricsAnswer>;
  what?: string;
}): http.Server {
  const notFound = JSON.stringify({ success: false, error: 'Not found.', message: 'Not found.' });
  const server = http.createServer(async (req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(notFound);
      return;
    }
    try {
      const { status, headers, body } = await answer(req.headers.authorization);
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (err) {
      console.error('[metrics] could not read the metrics', err);
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('The metrics could not be read. Please try again.');
    }
  });
  server.listen({ port, host }, () => console.log(`${what} at http://${host}:${port}/metrics`));
  return server;
}
