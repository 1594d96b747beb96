import { createMiddleware } from 'hono/factory';
import { clearSessionCookie, readSessionToken } from '../auth/cookies.ts';
import { validateSessionToken } from '../auth/session.ts';
import type { AppEnv } from '../context.ts';
import { AppError } from '../errors.ts';

/** Fills c.var.user/session from the bearer token or cookie; never rejects by itself. */
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
