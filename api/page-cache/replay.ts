/**
 * The page cache as the site server (server/site-server.ts) uses it: an anonymous GET whose
 * answer is fresh in the store is written straight to Node's response, without a trip
 * through Astro. Built into the server bundle (api/site-server-api.ts), so it reads the same
 * store the pages fill.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { countPageCache } from '../lib/metrics.ts';
import { preferredEncoding } from '../middleware/compress-body.ts';
import { baseSecurityHeaders } from '../middleware/security-headers.ts';
import { etagMatches } from '../middleware/shared-cache.ts';
import { freshEntry, keyOf, mayShare, rememberWire } from './store.ts';

/** The raw URLs remembered with their parsed form (a site is asked for few distinct ones). */
const MAX_URLS = 2000;
/** The headers a 304 repeats (shared-cache.ts's notModified keeps the same). */
const NOT_MODIFIED = new Set(['cache-control', 'etag', 'vary', 'surrogate-key', 'xkey', 'expires']);

// The cache key is the URL as Astro sees it (`new URL(...).href`); the few distinct raw
// URLs a site is asked for are normalised once and remembered, with their pathname.
const urls = new Map<string, { href: string; pathname: string } | null>();
function urlOf(raw: string) {
  let url = urls.get(raw);
  if (url === undefined) {
    const parsed = URL.canParse(raw) ? new URL(raw) : null;
    url = parsed && { href: parsed.href, pathname: parsed.pathname };
    if (urls.size >= MAX_URLS) urls.clear();
    urls.set(raw, url);
  }
  return url;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

/**
 * Answers `req` from the cache when it holds a fresh copy: a 304 when the client's ETag
 * matches, else the entry with the base security headers, compressed as the client accepts.
 * Returns the pathname answered (for the request's route label), or null when the request
 * goes on to Astro. `https`: how the client reached us; `requestId`: its X-Request-Id. The
 * server calls it only while the cache is on (cacheTtlMs, read once at its start).
 */
export function replayPage(
  req: IncomingMessage,
  res: ServerResponse,
  { https, requestId }: { https: boolean; requestId: string },
): string | null {
  if (req.method !== 'GET') return null;
  const url = urlOf(`http://${req.headers.host ?? ''}${req.url ?? '/'}`);
  if (!url || !mayShare(url.pathname, Boolean(req.headers.cookie || req.headers.authorization))) return null;
  const entry = freshEntry(
    keyOf(url.href, one(req.headers['x-forwarded-host']), one(req.headers['x-forwarded-proto'])),
  );
  if (!entry) return null;
  countPageCache('hit');
  // A revalidation of what the client holds (its ETag, api/middleware/shared-cache.ts): 304.
  const etag = entry.headers.find(([k]) => k === 'etag')?.[1];
  if (etag && etagMatches(one(req.headers['if-none-match']), etag)) {
    res.writeHead(304, [...entry.headers.filter(([k]) => NOT_MODIFIED.has(k)).flat(), 'X-Request-Id', requestId]);
    res.end();
    return url.pathname;
  }
  // Browsers accept br/gzip: each entry is compressed once, and its whole header list is
  // built once per (https, encoding), so a hit is one writeHead and one write.
  const encoding = entry.body.byteLength > 1024 ? preferredEncoding(req.headers['accept-encoding']) : null;
  const variant = `${https ? 's' : ''}${encoding ?? ''}`;
  let wire = entry.wire?.[variant];
  if (!wire) {
    const body = !encoding
      ? entry.body
      : encoding === 'br'
        ? zlib.brotliCompressSync(entry.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
        : zlib.gzipSync(entry.body, { level: 6 });
    // The entry's own headers win over the base set (an API answer already carries it).
    const merged = new Map<string, [string, string]>();
    for (const [k, v] of [...Object.entries(baseSecurityHeaders({ https })), ...entry.headers])
      merged.set(k.toLowerCase(), [k, v]);
    const headers: string[] = [...merged.values()].flat();
    headers.push('x-cache', 'HIT', 'Vary', 'Accept-Encoding', 'Content-Length', String(body.byteLength));
    if (encoding) headers.push('Content-Encoding', encoding);
    // Counted against the cache's byte budget: the compressed copies are memory too.
    wire = rememberWire(entry, variant, { headers, body });
  }
  res.writeHead(entry.status, [...(wire.headers ?? []), 'X-Request-Id', requestId]);
  res.end(wire.body);
  return url.pathname;
}
