/**
 * The page cache: a short per-process cache of anonymous GET responses (the public pages and
 * the public API reads), so a burst of visitors on the home page or the same search costs one
 * render and one set of queries per few seconds instead of one each.
 *
 * Its three sides live in this folder: this store (what is kept, under which key, for how
 * long, in how many bytes), lookup.ts (src/middleware.ts asks it before a render and fills it
 * after) and replay.ts (the site server, server/site-server.ts, writes a hit straight to the
 * socket without a trip through Astro).
 *
 * What is cached: a GET from a request with no Cookie and no Authorization header (so never a
 * signed-in view, and the header's "Sign In" is right for everyone served), or any GET of a
 * public API read whose answer is the same for everyone (its route's `pageCache: 'shared'`),
 * answered 200 with HTML or JSON, without Set-Cookie, without Cache-Control no-store/private,
 * under 1 MB.
 * Size: bounded by bytes, not entries: at most PAGE_CACHE_MAX_BYTES (default 32 MB) of bodies,
 * headers and the compressed copies the server keeps beside them (rememberWire), the least
 * recently used entries leaving first.
 * The key is the full URL with its Host (and forwarded host/proto), so a forged Host header
 * can only ever poison its own entry.
 *
 * Freshness: entries live PAGE_CACHE_TTL_MS (default 3000 ms; 0 turns the cache off), and any
 * write through this process (POST/PUT/PATCH/DELETE not refused with a 4xx) empties the
 * cache at once, so a change is visible to its author and everyone else on the next request.
 * Writes that change only the caller's own private state (log in, sign up, wishlist:
 * `pageCache: 'keeps'` in their declareRoute) leave it alone: no cached answer shows them.
 * With several servers, another server's write shows here within the TTL (ARCHITECTURE.md:
 * "caches are per process and short").
 */

import { isPersonalWrite, isSharedRead } from '../access-rules.ts';
import { runtimeEnv } from '../env.ts';

/** A ready-to-write copy of an entry (compressed, with its header list), kept on the entry. */
export type TWire = { body: Uint8Array; headers?: (string | number)[] };

export type TEntry = {
  key: string;
  expires: number;
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  /** What the entry costs against PAGE_CACHE_MAX_BYTES, its wire copies included. */
  size: number;
  wire?: Record<string, TWire>;
};

const MAX_BODY = 1024 * 1024;
/** Map entry, key and bookkeeping, roughly: keeps a flood of tiny answers bounded too. */
const ENTRY_OVERHEAD = 256;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// One store per process even if this module is loaded twice (the site server, which serves
// hits straight from Node's HTTP server, takes replay.ts from the built bundle through
// api/site-server-api.ts, the same copy the pages fill). A Map keeps insertion order:
// re-inserting on every hit makes its first key the least recently used.
type TStore = { entries: Map<string, TEntry>; bytes: number };
const STORE = Symbol.for('marketplace.microCache.lru');
const globals = globalThis as unknown as Record<symbol, TStore | undefined>;
globals[STORE] ??= { entries: new Map<string, TEntry>(), bytes: 0 };
const store = globals[STORE];
const entries = store.entries;

/** The byte budget of the whole cache (PAGE_CACHE_MAX_BYTES, default 32 MB). */
export function cacheMaxBytes(): number {
  return runtimeEnv().pageCacheMaxBytes;
}

/** Bytes the cache holds now (bodies, headers, wire copies). */
export function cacheBytes(): number {
  return store.bytes;
}

function remove(key: string) {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  store.bytes -= entry.size;
}

/** Drops least recently used entries until the cache fits its budget. */
function evict() {
  const max = cacheMaxBytes();
  while (store.bytes > max && entries.size > 0) remove(entries.keys().next().value as string);
}

/**
 * Keeps `wire` (a compressed copy the server built from `entry`) on the entry under `variant`,
 * counting its bytes against the budget; returns `wire`. The server writes hits from it
 * (replay.ts), so it costs memory like the entry itself.
 */
export function rememberWire<W extends TWire>(entry: TEntry, variant: string, wire: W): W {
  entry.wire ??= {};
  const before = entry.wire[variant];
  entry.wire[variant] = wire;
  // The uncompressed copy shares the entry's body: only new bytes count.
  const cost = (w: TWire | undefined) =>
    !w
      ? 0
      : (w.body === entry.body ? 0 : w.body.byteLength) +
        (w.headers ?? []).reduce<number>((n, h) => n + String(h).length, 0);
  const delta = cost(wire) - cost(before);
  entry.size += delta;
  if (entries.get(entry.key) === entry) {
    store.bytes += delta;
    evict();
  }
  return wire;
}

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
  return runtimeEnv().pageCacheTtlMs;
}

/** Empties the cache (tests; every successful write does it too). */
export function clearMicroCache() {
  entries.clear();
  store.bytes = 0;
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
 * is the same for everyone (its route's `pageCache: 'shared'`), never on a page (its header
 * names the user) or anything personal.
 */
export function mayShare(pathname: string, withCredentials: boolean): boolean {
  return !withCredentials || isSharedRead(pathname);
}

/** The key from its parts: the absolute URL as Astro builds it (Host header + path). */
export function keyOf(url: string, forwardedHost?: string | null, forwardedProto?: string | null): string {
  return [url, forwardedHost ?? '', forwardedProto ?? ''].join('|');
}

/** The fresh entry under `key`, or undefined (replay.ts writes hits from it directly). */
export function freshEntry(key: string, now = Date.now()): TEntry | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.expires <= now) {
    remove(key);
    return undefined;
  }
  // Most recently used: to the end of the eviction order.
  entries.delete(key);
  entries.set(key, entry);
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
  if (!cacheTtlMs() || !cacheable(res)) return res;
  return storeBody(key, res, new Uint8Array(await res.arrayBuffer()), now);
}

/**
 * storeResponse for an answer whose body the caller has read already (`body`, the bytes of
 * `res`): the middleware reads a page once, for the cache and for compressing it.
 */
export function storeBody(key: string, res: Response, body: Uint8Array<ArrayBuffer>, now = Date.now()): Response {
  const ttl = cacheTtlMs();
  if (!ttl || !cacheable(res))
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  // Per-response headers are not replayed: the length is recomputed, the request id is per request.
  const headers: [string, string][] = [...res.headers.entries()].filter(
    ([k]) => k !== 'content-length' && k !== 'x-request-id',
  );
  const size = body.byteLength + headers.reduce((n, [k, v]) => n + k.length + v.length, 0) + ENTRY_OVERHEAD;
  if (body.byteLength <= MAX_BODY && size <= cacheMaxBytes()) {
    remove(key);
    entries.set(key, { key, expires: now + ttl, status: res.status, headers, body, size });
    store.bytes += size;
    evict();
  }
  const out = new Headers(headers);
  out.set('x-cache', 'MISS');
  return new Response(body, { status: res.status, headers: out });
}

/**
 * After any request: a write that may have changed something others see (anything but a 4xx
 * refusal, including a 5xx whose outcome is unknown; personal writes excepted) makes every
 * cached answer stale. True when it was such a write (the shared caches in front are purged too).
 */
export function noteWrite(method: string, status: number, pathname: string): boolean {
  if (!WRITE_METHODS.has(method.toUpperCase()) || (status >= 400 && status < 500)) return false;
  // A login, a sign-up or a wishlist change shows in no cached answer.
  if (isPersonalWrite(method, pathname)) return false;
  clearMicroCache();
  return true;
}
