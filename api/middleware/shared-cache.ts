import { createHash } from 'node:crypto';
import { runtimeEnv } from '../env.ts';
import { surrogateKeysFor } from '../lib/surrogate-keys.ts';

/**
 * What a shared cache in front of the site (a CDN, Varnish: deploy/varnish/) may keep, and what
 * a write makes stale there.
 *
 * An anonymous answer (a request without Cookie or Authorization) that is 200, sets no cookie
 * and is not marked personal is `public, max-age=0, s-maxage=N, stale-while-revalidate=M`:
 * browsers revalidate every time (its ETag makes that a 304), the shared cache keeps it N
 * seconds and may serve it M seconds more while it fetches a new copy. Everything else keeps
 * what it said (a signed-in view, an answer setting a cookie or carrying a token: `private,
 * no-store`, security-headers.ts's markPersonal).
 *
 * Each such answer names what it shows in `Surrogate-Key` (and `xkey`, the same list, for
 * Varnish's xkey module): api/lib/surrogate-keys.ts. A write that others may see names the keys
 * it makes stale there too; the job queue sends them to every cache of CACHE_PURGE_URLS
 * (api/services/cache/purge-caches.ts).
 */

/** The shared cache's lifetimes (HTTP_CACHE_S_MAXAGE, HTTP_CACHE_STALE_WHILE_REVALIDATE). */
export function sharedCacheControl(): string {
  const { sharedMaxAge, sharedStale } = runtimeEnv();
  return `public, max-age=0, s-maxage=${sharedMaxAge}, stale-while-revalidate=${sharedStale}`;
}

/**
 * May a shared cache keep this answer? An anonymous GET (or HEAD), 200, no cookie set, and
 * nothing already saying personal, uncacheable or immutable (an upload keeps its own year).
 */
export function isShareable(request: { method: string; anonymous: boolean }, res: Response): boolean {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.anonymous) return false;
  if (res.status !== 200 || res.headers.has('set-cookie')) return false;
  return !/private|no-store|no-cache|immutable/i.test(res.headers.get('cache-control') ?? '');
}

/** Marks `headers` for a shared cache: its lifetimes and what the answer shows. */
export function markShared(headers: Headers, pathname: string) {
  headers.set('Cache-Control', sharedCacheControl());
  const keys = surrogateKeysFor(pathname).join(' ');
  headers.set('Surrogate-Key', keys);
  headers.set('xkey', keys);
}

/** A weak validator of a body: the same bytes, the same tag, whatever their compression. */
export function etagOf(body: Uint8Array): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Does an If-None-Match header name `etag` (weak comparison, as RFC 9110 asks for GET)? */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string | null | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}

/** The headers a 304 repeats from the full answer (RFC 9110, 15.4.5). */
const NOT_MODIFIED_HEADERS = ['cache-control', 'etag', 'vary', 'surrogate-key', 'xkey', 'content-location', 'expires'];

/** A 304 for a full answer's headers, when the request's If-None-Match names its ETag; else null. */
export function notModified(ifNoneMatch: string | null, headers: Headers): Response | null {
  if (!etagMatches(ifNoneMatch, headers.get('etag'))) return null;
  const kept = new Headers();
  for (const name of NOT_MODIFIED_HEADERS) {
    const value = headers.get(name);
    if (value !== null) kept.set(name, value);
  }
  return new Response(null, { status: 304, headers: kept });
}
