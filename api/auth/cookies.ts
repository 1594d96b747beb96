import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { env } from '../env.ts';

export const SESSION_COOKIE = 'session';

function isHttps(c: Context): boolean {
  if (env().siteUrl.startsWith('https://')) return true;
  if (env().TRUST_PROXY && c.req.header('x-forwarded-proto') === 'https') return true;
  return new URL(c.req.url).protocol === 'https:';
}

export function setSessionCookie(c: Context, token: string, expiresAt: Date) {
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
