// Built files for the site server (server/site-server.ts): in middleware mode the adapter
// serves no files, so the built client assets (/_astro/*, hashed names, cached for a year) and
// public/ files are served from here, before Astro; text files compressed once and kept.
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { preferredEncoding } from '../api/middleware/compress-body.ts';

const STATIC_TYPES: Record<string, string> = {
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

/**
 * Returns `serveStatic(req, res)`: true when it answered the request with a file of
 * `clientDir`, br/gzip picked as for pages (api/middleware/compress-body.ts).
 */
export function createStaticFiles(clientDir: string) {
  const compressedFiles = new Map<string, Buffer>();
  function compressed(file: string, mtime: number, encoding: 'br' | 'gzip') {
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
  function serveStatic(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      return false;
    }
    const type = STATIC_TYPES[path.extname(pathname).toLowerCase()];
    if (!type || pathname.includes('\0')) return false;
    const file = path.resolve(clientDir, `.${pathname}`);
    if (!file.startsWith(clientDir + path.sep)) return false;
    let st: fs.Stats;
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
    const encoding = COMPRESSIBLE.test(type) ? preferredEncoding(req.headers['accept-encoding']) : null;
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
  return serveStatic;
}
