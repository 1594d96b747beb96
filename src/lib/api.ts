import type { TAnswer, TApiPath, TMethod } from './api-types.ts';
import { newIdempotencyKey } from './submission-key.ts';

export type { TAnswer, TApiPath } from './api-types.ts';

/** What every API answer looks like on failure (ARCHITECTURE.md). */
export type TApiError = { success: false; error: string; message: string };

/** The successful answer to `method path`, for a component that keeps a row of it. */
export type TApiData<P extends string, M extends TMethod = 'GET'> = Exclude<TAnswer<P, M>, { success: false }>;

let ambientKey: string | undefined;

/**
 * Runs `send` with `key` as the Idempotency-Key of the POST it starts (read when apiFetch is
 * called, so `send` must call it before its first await): for shared form code whose request
 * is built by each form.
 */
export function withIdempotencyKey<T>(key: string, send: () => T): T {
  ambientKey = key;
  try {
    return send();
  } finally {
    ambientKey = undefined;
  }
}

/** Retries of one POST after a lost or "try again" answer, with its same key. */
const POST_RETRIES = 3;
const RETRY_STATUSES = new Set([502, 503, 504]);

/**
 * The one way page code calls the API: fetch for /api/* with the session cookie (the session
 * travels only in the HttpOnly cookie, so no Authorization header); resolves to the JSON body whatever
 * the status (callers read `success`, `message`, `error`; docs/API.md, Errors). Network
 * failures and non-JSON answers become `{ success:false, error }`.
 *
 * A POST carries an Idempotency-Key (the given one, else a new one per call), so when its
 * answer is lost (no connection, 502/503/504, or 409 while the first attempt still runs) it
 * is sent again with the same key: the server answers a repeat with the first answer instead
 * of storing the record twice.
 *
 * The answer's type comes from the app's route declarations for this method and path
 * (`api-types.ts`, type-only, so no server code reaches the bundle): a renamed field breaks
 * the build, not the user.
 */
export async function apiFetch<P extends TApiPath, M extends TMethod = 'GET'>(
  path: P,
  init: Omit<RequestInit, 'method'> & { method?: M; json?: unknown; idempotencyKey?: string } = {},
): Promise<TAnswer<P, M> | TApiError> {
  const isPost = (init.method ?? 'GET').toUpperCase() === 'POST';
  const key = isPost ? (init.idempotencyKey ?? ambientKey ?? newIdempotencyKey()) : undefined;
  const headers = new Headers(init.headers);
  if (key) headers.set('idempotency-key', key);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const { json: _json, idempotencyKey: _key, ...request } = init;
  try {
    let res: Response;
    for (let attempt = 0; ; attempt++) {
      const last = !key || attempt >= POST_RETRIES;
      try {
        res = await fetch(path, { ...request, headers, body, credentials: 'same-origin' });
      } catch (err) {
        if (last) throw err;
        await pause(attempt, null);
        continue;
      }
      const again = RETRY_STATUSES.has(res.status) || (res.status === 409 && res.headers.has('retry-after'));
      if (last || !again) break;
      await pause(attempt, res.headers.get('retry-after'));
    }
    const data = (await res.json().catch(() => null)) as TAnswer<P, M> | TApiError | null;
    if (data && typeof data === 'object' && 'success' in data) {
      if (res.status === 401 && typeof window !== 'undefined') window.dispatchEvent(new CustomEvent('session-expired'));
      return data;
    }
    const message = res.ok ? 'Unexpected answer from the server.' : `Request failed (${res.status}).`;
    return { success: false, error: message, message };
  } catch {
    const message = 'Could not reach the server. Check your connection and try again.';
    return { success: false, error: message, message };
  }
}

/** Waits before a retry: what Retry-After asks, capped at 3 s, else 0.5 s, 1 s, 2 s. */
function pause(attempt: number, retryAfter: string | null) {
  const asked = Number(retryAfter);
  const ms = Number.isFinite(asked) && asked > 0 ? Math.min(asked, 3) * 1000 : 500 * 2 ** attempt;
  return new Promise((r) => setTimeout(r, ms));
}
