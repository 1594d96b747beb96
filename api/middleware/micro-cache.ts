/**
 * A short per-process cache of anonymous GET responses (the public pages and the public API
 * reads), so a burst of visitors on the home page or the same search costs one render and one
 * set of queries per few seconds instead of one each.
 *
 * What is cached: a GET from a request with no Cookie and no Authorization header (so never a
 * signed-in view, and the header's "Sign In" is right for everyone served), answered 200 with
 * HTML or JSON, without Set-Cookie, without Cache-Control no-store/private, under 1 MB.
 * The key is the full URL with its Host (and forwarded host/proto), so a forged Host header
 * can only ever poison its own entry.
 *
 * Freshness: entries live PAGE_CACHE_TTL_MS (default 3000 ms; 0 turns the cache off), and any
 * write through this process (POST/PUT/PATCH/DELETE not refused with a 4xx) empties the
 * cache at once, so a change is visible to its author and everyone else on the next request.
 * With several servers, another server's write shows here within the TTL (ARCHITECTURE.md:
 * "caches are per process and short").
 */

type TEntry = { expires: number; status: number; headers: [string, string][]; body: Uint8Array };

const MAX_ENTRIES = 500;
const MAX_BODY = 1024 * 1024;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const entries = new Map<string, TEntry>();

export function cacheTtlMs(): number {
  const raw = process.env.PAGE_CACHE_TTL_MS;
  const n = raw === undefined || raw === '' ? 3000 : Number(raw);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 60_000) : 0;
}

/** Empties the cache (tests; every successful write does it too). */
export function clearMicroCache() {
  entries.clear();
}

/** The cache key for a request, or null when the request must not be served from the cache. */
export function cacheKey(request: Request): string | null {
  if (request.method !== 'GET') return null;
  const h = request.headers;
  if (h.has('cookie') || h.has('authorization')) return null;
  return [request.url, h.get('x-forwarded-host') ?? '', h.get('x-forwarded-proto') ?? ''].join('|');
}

/** A fresh cached copy for this request, or null. */
export function cachedResponse(key: string, now = Date.now()): Response | null {
  const entry = entries.get(key);
  if (!entry) return null;
  if (entry.expires <= now) {
    entries.delete(key);
    return null;
  }
  const headers = new Headers(entry.headers);
  headers.set('x-cache', 'HIT');
  return new Response(entry.body.slice(), { status: entry.status, headers });
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
  const headers: [string, string][] = [...res.headers.entries()].filter(([k]) => k !== 'content-length');
  if (body.byteLength <= MAX_BODY) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(key, { expires: now + ttl, status: res.status, headers, body });
  }
  const out = new Headers(headers);
  out.set('x-cache', 'MISS');
  return new Response(body, { status: res.status, headers: out });
}

/**
 * After any request: a write that may have changed something (anything but a 4xx refusal,
 * including a 5xx whose outcome is unknown) makes every cached answer stale.
 */
export function noteWrite(method: string, status: number) {
  if (WRITE_METHODS.has(method.toUpperCase()) && !(status >= 400 && status < 500)) entries.clear();
}
