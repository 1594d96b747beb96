import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { isHttpsRequest } from '../middleware/security-headers.ts';

export const SESSION_COOKIE = 'session';

/** Secure cookies over https; X-Forwarded-Proto counts only behind a trusted proxy (TRUST_PROXY). */
function isHttps(c: Context): boolean {
  return isHttpsRequest(c.req.url, c.req.raw.headers);
}

/**
 * Starts a session on this answer. The answer also carries the token in its body, so it is
 * never stored by a cache and never compressed ('no-transform': a compressed secret beside
 * text the caller chose is what a BREACH-style length attack measures).
 */
export function setSessionCookie(c: Context, token: string, expiresAt: Date) {
  c.header('Cache-Control', 'no-store, no-transform');
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isHttps(c), httpOnly: true, sameSite: 'Lax' });
}

/** The token from `Authorization: Bearer …` (API clients) or the session cookie (the site). */
export function readSessionToken(c: Context): { token: string; via: 'bearer' | 'cookie' } | null {
  const auth = c.req.header('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) {
    const token = auth.slice(7).trim();
    if (token && token !== 'null' && token !== 'undefined') return { token, via: 'bearer' };
  }
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie ? { token: cookie, via: 'cookie' } : null;
}
