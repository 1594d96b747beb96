// The site's HTTP server (scripts/start.mjs runs it in the main process, or in each worker with
// WEB_CONCURRENCY, server/cluster.ts): built client files and anonymous cache hits straight
// from Node, everything else through Astro (pages, /api, /uploads), compressed; overload shed
// with 503 + Retry-After; graceful shutdown on SIGTERM/SIGINT. This file only puts the parts
// together, in the order a request meets them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { baseSecurityHeaders, isHttpsRequest } from '../api/middleware/security-headers.ts';
import { createAdmission } from './admission.ts';
import { createCompressor } from './compression.ts';
import { createHttpServer, refuseTrace } from './http-server.ts';
import { createRequestObserver, startMetricsListener } from './request-observer.ts';
import { handleShutdown } from './shutdown.ts';
import { loadBuild } from './site-api.ts';
import { createStaticFiles } from './static-files.ts';

export type TSiteServerOptions = {
  /** The build (`dist`): its server entry and client files. */
  outDir: string;
  port: number;
  host: string;
  /** Runs once the server accepts connections, with its address. */
  onListening?: (url: string) => void;
  /** /metrics alone on this port too. */
  metricsPort?: number;
};

/** A request's headers as isHttpsRequest reads them. */
const headerOf = (req: IncomingMessage) => ({
  get: (name: string) => {
    const v = req.headers[name.toLowerCase()];
    return (Array.isArray(v) ? v[0] : v) ?? null;
  },
});

/**
 * Serves the built site in `outDir` on `port`/`host`. Installs the SIGTERM/SIGINT handlers
 * that finish in-flight requests.
 */
export async function startSiteServer({ outDir, port, host, onListening, metricsPort }: TSiteServerOptions) {
  // Astro's handler, and the API's side of this server built beside it from the same modules.
  const { handler, api } = await loadBuild(outDir);
  // Request ids, /metrics counts and log lines.
  const observer = createRequestObserver(api);
  // In middleware mode the adapter serves no files: the built client assets and public/ files
  // are served here, before Astro.
  const serveStatic = createStaticFiles(path.join(outDir, 'client'));
  // Anonymous GETs found in the page cache (api/page-cache/) are written from here; off with
  // PAGE_CACHE_TTL_MS=0, read once at start.
  const replayPage = api.cacheTtlMs() > 0 ? api.replayPage : undefined;
  const admission = createAdmission(api);
  const compress = createCompressor();

  function handle(req: IncomingMessage, res: ServerResponse) {
    const record = observer.begin(req, res);
    const https = isHttpsRequest(`http://localhost${req.url ?? '/'}`, headerOf(req));
    if (refuseTrace(req, res, https, record.id)) return;
    const hit = replayPage && !shutdown.stopping ? replayPage(req, res, { https, requestId: record.id }) : null;
    if (hit !== null) {
      record.route = observer.cachedRoute(hit);
      return;
    }
    // Static files never reach Astro's middleware: they get the base security headers here
    // (pages, /api and /uploads also get theirs from src/middleware.ts; cache hits carry them).
    for (const [k, v] of Object.entries(baseSecurityHeaders({ https }))) res.setHeader(k, v);
    res.setHeader('X-Request-Id', record.id);
    // While shutting down, answer what is in flight and close each connection after it.
    if (shutdown.stopping) res.setHeader('Connection', 'close');
    if (serveStatic(req, res)) {
      record.route = api.ROUTE_LABELS.static;
      return;
    }
    const hold = admission.admit(req, res, record);
    if (!hold) return;
    // The work starts on the next turn of the event loop, after every request that has
    // arrived meanwhile was read and admitted or refused. Started at once, a render on the
    // embedded database runs to its end before the server reads another socket, so the
    // queue would wait unseen in the kernel and never be counted, let alone refused.
    // No `next`: a path no page matches is rendered by Astro as src/pages/404.astro.
    // A request counts until its work is done, not until its client leaves: a page whose
    // client gave up is still being rendered, and the next one waits behind it.
    compress(req, res, () => setImmediate(() => hold(handler(req, res, undefined, record.locals))));
  }

  const server = createHttpServer(handle);
  const metricsServer = metricsPort
    ? startMetricsListener({ port: metricsPort, host, answer: (auth) => api.metricsAnswer(auth, 'metrics-port') })
    : undefined;
  const shutdown = handleShutdown(server, () => {
    admission.stop();
    metricsServer?.close();
  });
  server.listen({ port, host, backlog: 2048 }, () => {
    onListening?.(`http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`);
  });
}
