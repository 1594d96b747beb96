import { defineMiddleware } from 'astro:middleware';
import { SESSION_COOKIE } from '../api/auth/cookies.ts';
import { validateSessionToken } from '../api/auth/session.ts';
import { ensureBooted } from '../api/boot.ts';

/** One place fills locals: pages ask Astro.locals.user, never the cookie. */
export const onRequest = defineMiddleware(async (context, next) => {
  await ensureBooted();
  context.locals.user = null;
  const token = context.cookies.get(SESSION_COOKIE)?.value;
  if (token && !context.url.pathname.startsWith('/api/')) {
    const result = await validateSessionToken(token);
    context.locals.user = result?.user ?? null;
  }
  return next();
});
