import { createMiddleware } from 'hono/factory';
import { isSharedRead } from '../access-rules.ts';
import { clearSessionCookie, readSessionToken } from '../auth/cookies.ts';
import { validateSessionToken } from '../auth/session.ts';
import type { AppEnv } from '../context.ts';
import { AppError } from '../errors.ts';
import { markPersonal, withHeaders } from './security-headers.ts';

/**
 * Fills c.var.user/session from the bearer token or cookie; never rejects by itself. Every
 * answer to a request that carried a session, or that sets a cookie, is marked personal
 * (`Cache-Control: private, no-store`, `Vary: Cookie`) so no cache in front keeps it; the
 * public reads that answer everyone alike (their route's `pageCache: 'shared'`) keep their caching,
 * since nothing in them depends on who asks.
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  c.set('session', null);
  c.set('authVia', null);
  const found = readSessionToken(c);
  if (found) {
    const result = await validateSessionToken(found.token);
    if (result) {
      c.set('user', result.user);
      c.set('session', result.session);
      c.set('authVia', found.via);
    } else if (found.via === 'cookie') {
      clearSessionCookie(c);
    }
  }
  await next();
  const shared = c.req.method === 'GET' && isSharedRead(c.req.path);
  if ((found && !shared) || c.res.headers.has('set-cookie')) {
    const res = withHeaders(c.res, markPersonal);
    if (res !== c.res) {
      // Hono's setter would copy the old headers back over the new ones: clear it first.
      c.res = undefined;
      c.res = res;
    }
  }
});

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw new AppError('UNAUTHORIZED', 'Please login to continue.');
  await next();
});

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw new AppError('UNAUTHORIZED', 'Please login to continue.');
  if (c.var.user.role !== 'admin') throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
  await next();
});
