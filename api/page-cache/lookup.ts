/**
 * The page cache as src/middleware.ts uses it around a render: ask first (`lookupPage`), then
 * keep what the render gave (`fill.store`) and let the requests waiting on it go on
 * (`fill.end`). The rules (key, TTL, what may be kept) are the store's (store.ts).
 */

import { countPageCache } from '../lib/metrics.ts';
import {
  beginFill,
  cachedResponse,
  cacheKey,
  cacheTtlMs,
  fillInProgress,
  responseFrom,
  storeBody,
  storeResponse,
} from './store.ts';

/** A render whose answer the cache may keep. */
export type TPageFill = {
  /** Keeps a copy of `res` (its bytes already read: `body`) when it may be cached; returns the answer to send. */
  store(res: Response, body: Uint8Array<ArrayBuffer>): Response;
  /** `store` for an answer whose body is still to be read. */
  storeStreamed(res: Response): Promise<Response>;
  /** The render is over (stored, failed or not cacheable): requests waiting on it go on. Safe to call twice. */
  end(): void;
};

/**
 * What the cache has for `request` (its URL's `pathname`): `hit`, a copy to answer with (a
 * fresh entry, or the result of the same page's render in progress); else `fill`, when the
 * answer may be cached; neither when the request is never served from the cache.
 */
export async function lookupPage(request: Request, pathname: string): Promise<{ hit?: Response; fill?: TPageFill }> {
  const key = cacheTtlMs() > 0 ? cacheKey(request, pathname) : null;
  if (!key) return {};
  const hit = cachedResponse(key);
  if (hit) {
    countPageCache('hit');
    return { hit };
  }
  // Someone is rendering this very page: share their result (if it could be cached;
  // otherwise render in parallel rather than queue behind one another).
  const pending = fillInProgress(key);
  const shared = pending ? await pending : undefined;
  countPageCache(shared ? 'hit' : 'miss');
  if (shared) return { hit: responseFrom(shared) };
  const end = pending ? () => {} : beginFill(key);
  return {
    fill: {
      store: (res, body) => storeBody(key, res, body),
      storeStreamed: (res) => storeResponse(key, res),
      end,
    },
  };
}
