// The site's HTTP server (scripts/start.mjs runs it in the main process, or in each worker with
// WEB_CONCURRENCY): built client files and anonymous cache hits straight from Node, everything
// else through Astro (pages, /api, /uploads), compressed; graceful shutdown on SIGTERM/SIGINT.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import compression from 'compression';

/**
 * Serves the built site in `outDir` on `port`/`host`; `onListening(url)` runs once it
 * accepts connections. Installs the SIGTERM/SIGINT handlers that finish in-flight requests.
 */
export async function startSiteServer({ outDir, port, host, onListening }) {
  const { handler } = await import(path.join(outDir, 'server/entry.mjs'));
  // Static files (/_astro/*, public/) never reach Astro's middleware: give them the base
  // security headers here (pages, /api and /uploads also get theirs from src/middleware.ts).
  const { baseSecurityHeaders, isHttpsRequest } = await import('../../api/middleware/security-headers.ts');
  // Anonymous GETs answered from the short page cache (api/middleware/micro-cache.ts, filled by
  // src/middleware.ts) are written straight from here, without a trip through Astro.
  const { cacheTtlMs, freshEntry, keyOf, mayShare } = await import('../../api/middleware/micro-cache.ts');
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
  function serveCached(req, res, https) {
    if (!cacheOn || stopping || req.method !== 'GET') return false;
    const url = urlOf(`http://${req.headers.host ?? ''}${req.url ?? '/'}`);
    if (!url || !mayShare(url.pathname, Boolean(req.headers.cookie || req.headers.authorization))) return false;
    const entry = freshEntry(
      keyOf(url.href, one(req.headers['x-forwarded-host']), one(req.headers['x-forwarded-proto'])),
    );
    if (!entry) return false;
    // Browsers accept br/gzip: each entry is compressed once, and its whole header list is
    // built once per (https, encoding), so a hit is one writeHead and one write.
    const encoding = entry.body.byteLength > 1024 ? pickEncoding(req.headers['accept-encoding']) : null;
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
      wire = { headers, body };
      entry.wire[variant] = wire;
    }
    res.writeHead(entry.status, wire.headers);
    res.end(wire.body);
    return true;
  }
  const headerOf = (req) => ({
    get: (name) => {
      const v = req.headers[name.toLowerCase()];
      return (Array.isArray(v) ? v[0] : v) ?? null;
    },
  });

  // In middleware mode the adapter serves no files: the built client assets (/_astro/*, hashed
  // names, cached for a year) and public/ files are served here, before Astro.
  const clientDir = path.join(outDir, 'client');
  const STATIC_TYPES = {
    '.js': 'text/javascript; charset=utf-8',
    '.mjs': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.webp': 'image/webp',
    '.avif': 'image/avif',
    '.gif': 'image/gif',
    '.ico': 'image/x-icon',
    '.woff2': 'font/woff2',
    '.woff': 'font/woff',
    '.txt': 'text/plain; charset=utf-8',
    '.xml': 'application/xml; charset=utf-8',
    '.json': 'application/json; charset=utf-8',
    '.webmanifest': 'application/manifest+json',
    '.html': 'text/html; charset=utf-8',
  };
  const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;
  function pickEncoding(accept) {
    const a = String(accept ?? '');
    if (/\bbr\b/.test(a)) return 'br';
    if (/\bgzip\b/.test(a)) return 'gzip';
    return null;
  }
  const compressedFiles = new Map();
  function compressed(file, mtime, encoding) {
    const key = `${encoding}:${file}:${mtime}`;
    let body = compressedFiles.get(key);
    if (!body) {
      const raw = fs.readFileSync(file);
      body =
        encoding === 'br'
          ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
          : zlib.gzipSync(raw, { level: 9 });
      compressedFiles.set(key, body);
    }
    return body;
  }
  function serveStatic(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      return false;
    }
    const type = STATIC_TYPES[path.extname(pathname).toLowerCase()];
    if (!type || pathname.includes('\0')) return false;
    const file = path.resolve(clientDir, `.${pathname}`);
    if (!file.startsWith(clientDir + path.sep)) return false;
    let st;
    try {
      st = fs.statSync(file);
    } catch {
      return false;
    }
    if (!st.isFile()) return false;
    res.statusCode = 200;
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Length', st.size);
    res.setHeader(
      'Cache-Control',
      pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    );
    if (type.startsWith('image/svg'))
      res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    const encoding = COMPRESSIBLE.test(type) ? pickEncoding(req.headers['accept-encoding']) : null;
    if (encoding) {
      // Text assets are compressed once per file and kept (hashed names never change).
      const body = compressed(file, st.mtimeMs, encoding);
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('Content-Length', body.byteLength);
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    }
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    fs.createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
    return true;
  }

  let stopping = false;
  // Everything Astro answers (pages, /api, /uploads) is compressed on the way out when the
  // client accepts it; static files and cache hits carry their own compressed copies. An
  // answer marked Cache-Control: no-transform (one carrying a session token) is left as is.
  const compress = compression({ threshold: 1024 });
  const server = http.createServer((req, res) => {
    const https = isHttpsRequest(`http://localhost${req.url ?? '/'}`, headerOf(req));
    if (serveCached(req, res, https)) return;
    for (const [k, v] of Object.entries(baseSecurityHeaders({ https }))) res.setHeader(k, v);
    // While shutting down, answer what is in flight and close each connection after it.
    if (stopping) res.setHeader('Connection', 'close');
    if (serveStatic(req, res)) return;
    // No `next`: a path no page matches is rendered by Astro as src/pages/404.astro.
    compress(req, res, () => handler(req, res));
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, host, () => {
    onListening?.(`http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`);
  });

  async function shutdown(signal) {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing in-flight requests…`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      const close = globalThis[Symbol.for('marketplace.closeDatabase')];
      if (typeof close === 'function') await close().catch(() => {});
      process.exit(0);
    });
    server.closeIdleConnections?.();
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
