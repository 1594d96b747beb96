import { hc } from 'hono/client';
import type { AppType } from '../../api/app.ts';

/** What every API answer looks like on failure (ARCHITECTURE.md). */
export type TApiError = { success: false; error: string; message: string };

/**
 * Typed client for the Hono app: a renamed field breaks the build, not the user. The session
 * travels only in the HttpOnly cookie (same-origin credentials); page code never holds the
 * token, so it sends no Authorization header.
 */
export const client = hc<AppType>(typeof window === 'undefined' ? 'http://localhost' : window.location.origin, {
  init: { credentials: 'same-origin' },
});

/**
 * fetch for /api/* with the session cookie; resolves to the JSON body whatever
 * the status (callers read `success`, `message`, `error` as SPEC.md §7 says). Network
 * failures and non-JSON answers become `{ success:false, error }`.
 */
export async function apiFetch<T = Record<string, unknown>>(
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<(T & { success: true }) | TApiError> {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  try {
    const res = await fetch(path, { ...init, headers, body, credentials: 'same-origin' });
    const data = (await res.json().catch(() => null)) as (T & { success: boolean }) | TApiError | null;
    if (data && typeof data === 'object' && 'success' in data) {
      if (res.status === 401 && typeof window !== 'undefined') window.dispatchEvent(new CustomEvent('session-expired'));
      return data as (T & { success: true }) | TApiError;
    }
    const message = res.ok ? 'Unexpected answer from the server.' : `Request failed (${res.status}).`;
    return { success: false, error: message, message };
  } catch {
    const message = 'Could not reach the server. Check your connection and try again.';
    return { success: false, error: message, message };
  }
}
