import type { Db, Tx } from '../../db/client.ts';
import { env } from '../../env.ts';
import { enqueueMany } from '../../jobs/queue.ts';
import type { TSurrogateKey } from '../../lib/surrogate-keys.ts';

/** One purge: the keys to drop at one cache. */
export type TCachePurge = { url: string; keys: TSurrogateKey[] };

/** How long one cache may take to answer a purge before the attempt fails (and is retried). */
const PURGE_TIMEOUT_MS = 5_000;

/** The shared caches to purge (CACHE_PURGE_URLS), none when it is unset. */
export function cachePurgeUrls(): string[] {
  return (env().CACHE_PURGE_URLS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
}

/**
 * Queues a purge of `keys` at every cache of CACHE_PURGE_URLS, one job each: the write that
 * made them stale never waits for a cache, a cache that is down is retried on its own (the
 * queue's backoff), and one that answers is not asked again. Nothing without caches.
 */
export async function queueCachePurge(keys: TSurrogateKey[], options: { tx?: Tx | Db } = {}): Promise<void> {
  const urls = cachePurgeUrls();
  if (!urls.length || !keys.length) return;
  await enqueueMany(
    'cache-purge',
    urls.map((url) => ({ url, keys })),
    options,
  );
}

/**
 * Asks one cache to drop every answer carrying any of `keys`: `PURGE` with the keys in
 * `Surrogate-Key` (deploy/varnish/default.vcl bans them) and in `xkey-purge` (Varnish's xkey
 * module). Anything but a 2xx fails the attempt, so the job retries it.
 */
export async function purgeCache({ url, keys }: TCachePurge): Promise<void> {
  const list = keys.join(' ');
  const res = await fetch(url, {
    method: 'PURGE',
    headers: { 'Surrogate-Key': list, 'xkey-purge': list },
    signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
  });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`The cache at ${url} refused the purge of "${list}": HTTP ${res.status}`);
}
