// Node's HTTP server as the site server (server/site-server.ts) runs it: timeouts that keep
// slow clients from holding connections, a bound on open connections, and plain answers for
// the methods and malformed requests that Node or Astro would otherwise mishandle.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { baseSecurityHeaders } from '../api/middleware/security-headers.ts';

/**
 * Past this many open connections a new one is closed at once instead of eating memory and
 * file descriptors; below it, overload is answered with 503s (server/load-shedder.ts).
 */
const MAX_CONNECTIONS = 10_000;
const ALLOW = 'GET, HEAD, OPTIONS';

export function createHttpServer(handle: (req: IncomingMessage, res: ServerResponse) => void): http.Server {
  const server = http.createServer(
    {
      // Slow clients cannot hold a connection: 10 s to send the headers, 2 min for the whole
      // request (an upload at the largest size on a slow line), checked every second.
      headersTimeout: 10_000,
      requestTimeout: 120_000,
      connectionsCheckingInterval: 1_000,
      keepAliveTimeout: 65_000,
    },
    handle,
  );
  // A proxy's CONNECT is not something this site does: say so instead of dropping the socket.
  server.on('connect', (_req, socket) => {
    socket.end(`HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  });
  // Node's parser refuses methods it does not know (TRACK, made-up ones) before any handler
  // runs; answer those 405 like the others, and anything else malformed with a plain 400.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const status =
      err.code === 'HPE_INVALID_METHOD'
        ? `405 Method Not Allowed\r\nAllow: ${ALLOW}`
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? '431 Request Header Fields Too Large'
          : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  });
  server.maxConnections = MAX_CONNECTIONS;
  return server;
}

/**
 * The fetch Request that Astro builds refuses TRACE and TRACK outright (a 500 and a stack in
 * the log), so they are answered here, before it. True when it answered.
 */
export function refuseTrace(req: IncomingMessage, res: ServerResponse, https: boolean, requestId: string): boolean {
  if (req.method !== 'TRACE' && req.method !== 'TRACK') return false;
  res.writeHead(405, {
    ...baseSecurityHeaders({ https }),
    Allow: ALLOW,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Request-Id': requestId,
  });
  res.end('Method not allowed.');
  return true;
}
