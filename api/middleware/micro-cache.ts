/**
 * A short per-process cache of anonymous GET responses (the public pages and the public API
 * reads), so a burst of visitors on the home page or the same search costs one render and one
 * set of queries per few seconds instead of one each.
 *
 * What is cached: a GET from a request with no Cookie and no Authorization header (so never a
 * signed-in view, and the header's "Sign In" is right for everyone served), or any GET of a
 * public API read whose answer is the same for everyone (`shared` in api/access-rules.ts),
 * answered 200 with HTML or JSON, without Set-Cookie, without Cache-Control no-store/private,
 * under 1 MB.
 * The key is the full URL with its Host (and forwarded host/proto), so a forged Host header
 * can only ever poison its own entry.
 *
 * Freshness: entries live PAGE_CACHE_TTL_MS (default 3000 ms; 0 turns the cache off), and any
 * write through this process (POST/PUT/PATCH/DELETE not refused with a 4xx) empties the
 * cache at once, so a change is visible to its author and everyone else on the next request.
 * Writes that change only the caller's own private state (log in, sign up, wishlist:
 * `personal` in api/access-rules.ts) leave it alone: no cached answer shows them.
 * With several servers, another server's write shows here within the TTL (ARCHITECTURE.md:
 * "caches are per process and short").
 */

import { isPersonalWrite, isSharedRead } from '../access-rules.ts';

type TEntry = { expires: number; status: number; headers: [string, string][]; body: Uint8Array };

const MAX_ENTRIES = 500;
const MAX_BODY = 1024 * 1024;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// One store per process even though the server script (scripts/start.mjs, which serves hits
// straight from Node's HTTP server) and the built Astro bundle each load their own copy of
// this module.
const STORE = Symbol.for('marketplace.microCache');
const globals = globalThis as unknown as Record<symbol, Map<string, TEntry> | undefined>;
globals[STORE] ??= new Map<string, TEntry>();
const entries = globals[STORE];

/**
 * Renders in progress per key (single flight): when an entry expires under load, the first
 * request renders it and the others wait for that result instead of all rendering at once.
 */
const FILLS = Symbol.for('marketplace.microCacheFills');
const fillGlobals = globalThis as unknown as Record<symbol, Map<string, Promise<TEntry | undefined>> | undefined>;
fillGlobals[FILLS] ??= new Map<string, Promise<TEntry | undefined>>();
const fills = fillGlobals[FILLS];

/** The render in progress for `key`, if any. */
export function fillInProgress(key: string): Promise<TEntry | undefined> | undefined {
  return fills.get(key);
}

/**
 * Marks `key` as being rendered; call the returned function when done (it is safe to call
 * more than once), after storeResponse has stored the result, or on failure.
 */
export function beginFill(key: string): () => void {
  let done: (entry: TEntry | undefined) => void = () => {};
  const promise = new Promise<TEntry | undefined>((resolve) => {
    done = resolve;
  });
  fills.set(key, promise);
  let finished = false;
  return () => {
    if (finished) return;
    finished = true;
    if (fills.get(key) === promise) fills.delete(key);
    done(freshEntry(key));
  };
}

/** A Response for a cached entry. */
export function responseFrom(entry: TEntry): Response {
  const headers = new Headers(entry.headers);
  headers.set('x-cache', 'HIT');
  return new Response(entry.body.slice(), { status: entry.status, headers });
}

export function cacheTtlMs(): number {
  const raw = process.env.PAGE_CACHE_TTL_MS;
  const n = raw === undefined || raw === '' ? 3000 : Number(raw);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 60_000) : 0;
}

/** Empties the cache (tests; every successful write does it too). */
export function clearMicroCache() {
  entries.clear();
}

/**
 * The cache key for a request, or null when the request must not be served from the cache.
 * `pathname`: the request's, when the caller has already parsed its URL.
 */
export function cacheKey(request: Request, pathname = new URL(request.url).pathname): string | null {
  if (request.method !== 'GET') return null;
  const h = request.headers;
  if (!mayShare(pathname, h.has('cookie') || h.has('authorization'))) return null;
  return keyOf(request.url, h.get('x-forwarded-host'), h.get('x-forwarded-proto'));
}

/**
 * May a GET for `pathname` be answered from (and stored in) the shared cache? Always for a
 * visitor without credentials; for a signed-in caller only on the public reads whose answer
 * is the same for everyone (api/access-rules.ts `shared`), never on a page (its header
 * names the user) or anything personal.
 */
export function mayShare(pathname: string, withCredentials: boolean): boolean {
  return !withCredentials || isSharedRead(pathname);
}

/** The key from its parts: the absolute URL as Astro builds it (Host header + path). */
export function keyOf(url: string, forwardedHost?: string | null, forwardedProto?: string | null): string {
  return [url, forwardedHost ?? '', forwardedProto ?? ''].join('|');
}

/** The fresh entry under `key`, or undefined (scripts/start.mjs writes hits from it directly). */
export function freshEntry(key: string, now = Date.now()): TEntry | undefined {
  const entry = entries.get(key);
  if (entry && entry.expires <= now) {
    entries.delete(key);
    return undefined;
  }
  return entry;
}

/** A fresh cached copy for this request, or null. */
export function cachedResponse(key: string, now = Date.now()): Response | null {
  const entry = freshEntry(key, now);
  return entry ? responseFrom(entry) : null;
}

function cacheable(res: Response): boolean {
  if (res.status !== 200 || res.headers.has('set-cookie')) return false;
  const type = res.headers.get('content-type') ?? '';
  if (!/^(text\/html|application\/json)/.test(type)) return false;
  if (/no-store|private/i.test(res.headers.get('cache-control') ?? '')) return false;
  const length = Number(res.headers.get('content-length') ?? 0);
  return length <= MAX_BODY;
}

/**
 * Stores a copy of `res` under `key` when it may be cached, and returns the response to send
 * (the same bytes; the body has been read, so a new Response is returned).
 */
export async function storeResponse(key: string, res: Response, now = Date.now()): Promise<Response> {
  const ttl = cacheTtlMs();
  if (!ttl || !cacheable(res)) return res;
  const body = new Uint8Array(await res.arrayBuffer());
  // Per-response headers are not replayed: the length is recomputed, the request id is per request.
  const headers: [string, string][] = [...res.headers.entries()].filter(
    ([k]) => k !== 'content-length' && k !== 'x-request-id',
  );
  if (body.byteLength <= MAX_BODY) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(key, { expires: now + ttl, status: res.status, headers, body });
  }
  const out = new Headers(headers);
  out.set('x-cache', 'MISS');
  return new Response(body, { status: res.status, headers: out });
}

/**
 * After any request: a write that may have changed something others see (anything but a 4xx
 * refusal, including a 5xx whose outcome is unknown; personal writes excepted) makes every
 * cached answer stale.
 */
export function noteWrite(method: string, status: number, pathname: string) {
  if (!WRITE_METHODS.has(method.toUpperCase()) || (status >= 400 && status < 500)) return;
  // A login, a sign-up or a wishlist change shows in no cached answer.
  if (isPersonalWrite(method, pathname)) return;
  entries.clear();
}
