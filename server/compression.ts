// The stream compressor on the way out of the site server (server/site-server.ts).
// Everything Astro answers (pages, /api, /uploads) is compressed when the client accepts it;
// static files (server/static-files.ts) and cache hits (api/page-cache/replay.ts) carry their
// own compressed copies, and a page or API answer read whole is compressed in one call before
// it gets here (api/middleware/compress-body.ts), which this leaves alone.
import compression from 'compression';

/**
 * `compress(req, res, next)`: wraps the response, then calls `next`. An answer marked
 * Cache-Control: no-transform (one carrying a session token) is left as is. An event stream
 * is never compressed: the compressor would hold each event back.
 */
export function createCompressor() {
  return compression({
    threshold: 1024,
    filter: (req, res) =>
      !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
  });
}
