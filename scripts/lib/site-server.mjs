// The site's HTTP server (scripts/start.mjs runs it in the main process, or in each worker with
// WEB_CONCURRENCY): built client files and anonymous cache hits straight from Node, everything
// else through Astro (pages, /api, /uploads), compressed; overload shed with 503 + Retry-After
// (scripts/lib/load-shedder.mjs); graceful shutdown on SIGTERM/SIGINT.
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import compression from 'compression';
import {
  boundFromEnv,
  createLoadShedder,
  DEFAULT_MAX_EVENT_LOOP_DELAY_MS,
  defaultMaxInflight,
} from './load-shedder.mjs';
import { createRequestObserver, startMetricsListener } from './request-observer.mjs';
import { createStaticFiles } from './static-files.mjs';
import { SITE_SERVER_API } from './vite-site-server-api.mjs';

/** How long a stopping server lets requests in progress finish before it cuts them. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long closing the database may take once the last connection is gone. */
const DATABASE_CLOSE_MS = 5_000;
/** The site root's liveness and metrics (src/pages/); the API's routes declare their own. */
const NEVER_SHED_PAGES = ['/healthz', '/metrics'];

/**
 * Serves the built site in `outDir` on `port`/`host`; `onListening(url)` runs once it
 * accepts connections; with `metricsPort`, /metrics alone on that port too. Installs the
 * SIGTERM/SIGINT handlers that finish in-flight requests.
 */
export async function startSiteServer({ outDir, port, host, onListening, metricsPort }) {
  const { handler } = await import(path.join(outDir, 'server/entry.mjs'));
  // The API's side of this server, built beside the entry from the same modules
  // (scripts/lib/vite-site-server-api.mjs): its route table and the page cache.
  const api = await import(path.join(outDir, 'server', SITE_SERVER_API));
  const { neverShed, streams } = api.loadSets();
  // Request ids, /metrics counts and log lines (scripts/lib/request-observer.mjs).
  const observer = createRequestObserver(api);
  const { ROUTE_LABELS } = api;
  // Liveness answers even when everything else is refused: a busy process is not a dead one.
  const NEVER_SHED = new Set([...NEVER_SHED_PAGES, ...neverShed]);
  // Endless answers (Server-Sent Events): they hold no place among the requests in flight, whose
  // count bounds work in progress, not open connections; a late event loop still refuses them.
  const STREAMS = new Set(streams);
  // Static files (/_astro/*, public/) never reach Astro's middleware: give them the base
  // security headers here (pages, /api and /uploads also get theirs from src/middleware.ts).
  const { baseSecurityHeaders, isHttpsRequest } = await import('../../api/middleware/security-headers.ts');
  // Anonymous GETs answered from the short page cache (api/middleware/micro-cache.ts, filled by
  // src/middleware.ts) are written straight from here, without a trip through Astro.
  const { cacheTtlMs, etagMatches, freshEntry, keyOf, mayShare, rememberWire } = api;
  // The encoding a client accepts, read the same way as for pages compressed in src/middleware.ts.
  const { preferredEncoding } = await import('../../api/middleware/compress-body.ts');
  const cacheOn = cacheTtlMs() > 0;
  // The cache key is the URL as Astro sees it (`new URL(...).href`); the few distinct raw
  // URLs a site is asked for are normalised once and remembered, with their pathname.
  const urls = new Map();
  function urlOf(raw) {
    let url = urls.get(raw);
    if (url === undefined) {
      const parsed = URL.canParse(raw) ? new URL(raw) : null;
      url = parsed && { href: parsed.href, pathname: parsed.pathname };
      if (urls.size >= 2000) urls.clear();
      urls.set(raw, url);
    }
    return url;
  }
  const one = (v) => (Array.isArray(v) ? v[0] : v) ?? null;
  // The headers a 304 repeats (shared-cache.ts's notModified keeps the same).
  const NOT_MODIFIED = new Set(['cache-control', 'etag', 'vary', 'surrogate-key', 'xkey', 'expires']);
  function serveCached(req, res, https, record) {
    if (!cacheOn || stopping || req.method !== 'GET') return false;
    const url = urlOf(`http://${req.headers.host ?? ''}${req.url ?? '/'}`);
    if (!url || !mayShare(url.pathname, Boolean(req.headers.cookie || req.headers.authorization))) return false;
    const entry = freshEntry(
      keyOf(url.href, one(req.headers['x-forwarded-host']), one(req.headers['x-forwarded-proto'])),
    );
    if (!entry) return false;
    // A revalidation of what the client holds (its ETag, api/middleware/shared-cache.ts): 304.
    const etag = entry.headers.find(([k]) => k === 'etag')?.[1];
    if (etag && etagMatches(one(req.headers['if-none-match']), etag)) {
      api.countPageCache('hit');
      record.route = observer.cachedRoute(url.pathname);
      res.writeHead(304, [...entry.headers.filter(([k]) => NOT_MODIFIED.has(k)).flat(), 'X-Request-Id', record.id]);
      res.end();
      return true;
    }
    // Browsers accept br/gzip: each entry is compressed once, and its whole header list is
    // built once per (https, encoding), so a hit is one writeHead and one write.
    const encoding = entry.body.byteLength > 1024 ? preferredEncoding(req.headers['accept-encoding']) : null;
    entry.wire ??= {};
    const variant = `${https ? 's' : ''}${encoding ?? ''}`;
    let wire = entry.wire[variant];
    if (!wire) {
      const body = !encoding
        ? entry.body
        : encoding === 'br'
          ? zlib.brotliCompressSync(entry.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
          : zlib.gzipSync(entry.body, { level: 6 });
      // The entry's own headers win over the base set (an API answer already carries it).
      const merged = new Map();
      for (const [k, v] of [...Object.entries(baseSecurityHeaders({ https })), ...entry.headers])
        merged.set(k.toLowerCase(), [k, v]);
      const headers = [...merged.values()].flat();
      headers.push('x-cache', 'HIT', 'Vary', 'Accept-Encoding', 'Content-Length', String(body.byteLength));
      if (encoding) headers.push('Content-Encoding', encoding);
      // Counted against the cache's byte budget: the compressed copies are memory too.
      wire = rememberWire(entry, variant, { headers, body });
    }
    api.countPageCache('hit');
    record.route = observer.cachedRoute(url.pathname);
    res.writeHead(entry.status, [...wire.headers, 'X-Request-Id', record.id]);
    res.end(wire.body);
    return true;
  }
  const headerOf = (req) => ({
    get: (name) => {
      const v = req.headers[name.toLowerCase()];
      return (Array.isArray(v) ? v[0] : v) ?? null;
    },
  });

  // In middleware mode the adapter serves no files: the built client assets and public/ files
  // are served here, before Astro (scripts/lib/static-files.mjs).
  const serveStatic = createStaticFiles({ clientDir: path.join(outDir, 'client'), preferredEncoding });

  const { errorBody } = await import('../../api/errors.ts');
  const shedder = createLoadShedder({
    maxInflight: boundFromEnv('MAX_INFLIGHT', defaultMaxInflight()),
    maxEventLoopDelayMs: boundFromEnv('MAX_EVENT_LOOP_DELAY_MS', DEFAULT_MAX_EVENT_LOOP_DELAY_MS),
  });
  api.setLoadSource(() => ({ inflight: shedder.inflight, eventLoopDelayMs: shedder.delayMs }));
  const BUSY_MESSAGE = 'The server is busy right now. Please try again in a few seconds.';
  const BUSY_JSON = JSON.stringify(errorBody(BUSY_MESSAGE));
  const BUSY_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Server busy</title></head><body><h1>Server busy</h1><p>${BUSY_MESSAGE}</p></body></html>`;
  /** Refuses a request before any work is done for it, so a retry is always safe. */
  function refuseBusy(req, res, retryAfterSec) {
    const api = (req.url ?? '').startsWith('/api/');
    const body = api ? BUSY_JSON : BUSY_PAGE;
    res.statusCode = 503;
    res.setHeader('Retry-After', String(retryAfterSec));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(body));
    // An unread upload would otherwise be read to its end just to keep the connection.
    if (req.headers['content-length'] || req.headers['transfer-encoding']) res.setHeader('Connection', 'close');
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** Gives the request's place back once `work` settles (at the latest 30 s after its answer closed). */
  function holdUntilDone(work, res) {
    let freed = false;
    let fallback;
    const free = () => {
      if (freed) return;
      freed = true;
      clearTimeout(fallback);
      shedder.done();
    };
    Promise.resolve(work).then(free, free);
    // A render that never settles must not keep its slot for ever.
    res.once('close', () => {
      if (freed) return;
      fallback = setTimeout(free, 30_000);
      fallback.unref();
    });
  }

  let stopping = false;
  // Every open connection: at shutdown, those not answering a request (idle keep-alive, or
  // still sending one) close at once.
  const sockets = new Set();
  // Everything Astro answers (pages, /api, /uploads) is compressed on the way out when the
  // client accepts it; static files and cache hits carry their own compressed copies. An
  // answer marked Cache-Control: no-transform (one carrying a session token) is left as is.
  // An event stream is never compressed: the compressor would hold each event back.
  const compress = compression({
    threshold: 1024,
    filter: (req, res) =>
      !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
  });
  const server = http.createServer(
    {
      // Slow clients cannot hold a connection: 10 s to send the headers, 2 min for the whole
      // request (an upload at the largest size on a slow line), checked every second.
      headersTimeout: 10_000,
      requestTimeout: 120_000,
      connectionsCheckingInterval: 1_000,
      keepAliveTimeout: 65_000,
    },
    (req, res) => {
      const record = observer.begin(req, res);
      const https = isHttpsRequest(`http://localhost${req.url ?? '/'}`, headerOf(req));
      // The fetch Request that Astro builds refuses these methods outright (a 500 and a
      // stack in the log), so they are answered here, before it.
      if (req.method === 'TRACE' || req.method === 'TRACK') {
        res.writeHead(405, {
          ...baseSecurityHeaders({ https }),
          Allow: 'GET, HEAD, OPTIONS',
          'Content-Type': 'text/plain; charset=utf-8',
          'Cache-Control': 'no-store',
          'X-Request-Id': record.id,
        });
        res.end('Method not allowed.');
        return;
      }
      if (serveCached(req, res, https, record)) return;
      for (const [k, v] of Object.entries(baseSecurityHeaders({ https }))) res.setHeader(k, v);
      res.setHeader('X-Request-Id', record.id);
      // While shutting down, answer what is in flight and close each connection after it.
      if (stopping) res.setHeader('Connection', 'close');
      if (serveStatic(req, res)) {
        record.route = ROUTE_LABELS.static;
        return;
      }
      const pathname = record.pathname;
      let admitted = false;
      if (!NEVER_SHED.has(pathname)) {
        // Uploaded images are file reads, not database work, and a slow phone downloading
        // a gallery would hold its places for seconds: only a late event loop refuses them.
        const counted = !pathname.startsWith('/uploads/') && !STREAMS.has(pathname);
        const retryAfter = shedder.admit(counted);
        if (retryAfter) {
          record.route = ROUTE_LABELS.shed;
          api.countShed(shedder.lastRefusal);
          return refuseBusy(req, res, retryAfter);
        }
        admitted = counted;
      }
      // No `next`: a path no page matches is rendered by Astro as src/pages/404.astro.
      // The work starts on the next turn of the event loop, after every request that has
      // arrived meanwhile was read and admitted or refused. Started at once, a render on the
      // embedded database runs to its end before the server reads another socket, so the
      // queue would wait unseen in the kernel and never be counted, let alone refused.
      compress(req, res, () =>
        setImmediate(() => {
          // The locals come back with the page's pattern, or the API's mark that it counted the request.
          const work = handler(req, res, undefined, record.locals);
          // A request counts until its work is done, not until its client leaves: a page
          // whose client gave up is still being rendered, and the next one waits behind it.
          if (admitted) holdUntilDone(work, res);
        }),
      );
    },
  );
  // A proxy's CONNECT is not something this site does: say so instead of dropping the socket.
  server.on('connect', (_req, socket) => {
    socket.end(
      'HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, OPTIONS\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
    );
  });
  // Node's parser refuses methods it does not know (TRACK, made-up ones) before any handler
  // runs; answer those 405 like the others, and anything else malformed with a plain 400.
  server.on('clientError', (err, socket) => {
    if (!socket.writable) return socket.destroy();
    const status =
      err.code === 'HPE_INVALID_METHOD'
        ? '405 Method Not Allowed\r\nAllow: GET, HEAD, OPTIONS'
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? '431 Request Header Fields Too Large'
          : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // Past this many open connections a new one is closed at once instead of eating memory and
  // file descriptors; below it, overload is answered with 503s (above).
  server.maxConnections = 10_000;
  const metricsServer = metricsPort
    ? startMetricsListener({ port: metricsPort, host, answer: (auth) => api.metricsAnswer(auth, 'metrics-port') })
    : undefined;
  server.listen({ port, host, backlog: 2048 }, () => {
    onListening?.(`http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`);
  });

  /**
   * Stop accepting; close idle and half-sent connections at once; let requests in progress
   * finish for up to SHUTDOWN_GRACE_MS, then cut the rest; close the database; exit 0. A cut
   * request got no answer, so nothing it did was acknowledged (and creates can be retried
   * with their Idempotency-Key). Exit 1 only if the database does not close.
   */
  function shutdown(signal) {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    console.log(`${signal}: finishing in-flight requests…`);
    shedder.stop();
    metricsServer?.close();
    // Open event streams end now (their pages reconnect to another server or after the restart)
    // instead of holding the shutdown for its whole grace period.
    globalThis[Symbol.for('marketplace.endLiveStreams')]?.();
    // Node's own mark of a connection answering a request: the response it is writing.
    const answering = (socket) => socket._httpMessage != null;
    for (const socket of sockets) {
      const res = socket._httpMessage;
      if (res && !res.headersSent) res.setHeader('Connection', 'close');
    }
    // Idle and half-sent connections now; each busy one as soon as its answer is written.
    const closeIdle = () => {
      for (const socket of sockets) if (!answering(socket)) socket.destroy();
    };
    closeIdle();
    const sweeper = setInterval(closeIdle, 50);
    let cut = 0;
    const grace = setTimeout(() => {
      cut = [...sockets].filter(answering).length;
      console.warn(`${cut} request(s) still running after ${SHUTDOWN_GRACE_MS / 1000} s: cutting them.`);
      for (const socket of sockets) socket.destroy();
    }, SHUTDOWN_GRACE_MS);
    server.close(async () => {
      clearTimeout(grace);
      clearInterval(sweeper);
      let code = 0;
      // Closing the database first stops this process's job workers: a job still running
      // gets a moment to finish, and one cut short is retried by another process later.
      const close = globalThis[Symbol.for('marketplace.closeDatabase')];
      if (typeof close === 'function') {
        let timer;
        const outcome = await Promise.race([
          close().then(
            () => 'closed',
            (err) => `failed: ${err instanceof Error ? err.message : err}`,
          ),
          new Promise((r) => {
            timer = setTimeout(() => r(`did not close within ${DATABASE_CLOSE_MS / 1000} s`), DATABASE_CLOSE_MS);
          }),
        ]);
        clearTimeout(timer);
        if (outcome !== 'closed') {
          console.error(`Database ${outcome}.`);
          code = 1;
        }
      }
      console.log(`Stopped in ${Date.now() - started} ms${cut ? ` (${cut} request(s) cut)` : ''}.`);
      process.exit(code);
    });
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
