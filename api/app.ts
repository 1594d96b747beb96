import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from './context.ts';
import { AppError, errorBody } from './errors.ts';
import { loadSession } from './middleware/session.ts';
import { authRoutes } from './routes/auth.ts';
import { categoryRoutes } from './routes/categories.ts';
import { contentRoutes } from './routes/content.ts';
import { faqRoutes } from './routes/faqs.ts';
import { membershipRoutes } from './routes/memberships.ts';
import { pageRoutes } from './routes/pages.ts';
import { publicAdRoutes } from './routes/public-ads.ts';
import { settingsRoutes } from './routes/settings.ts';
import { testimonialRoutes } from './routes/testimonials.ts';
import { userRoutes } from './routes/users.ts';
import { wishlistRoutes } from './routes/wishlist.ts';

/** Largest request body: a 10 MB main image plus a few gallery images. */
export const MAX_BODY_BYTES = 40 * 1024 * 1024;

/**
 * The API. Middleware order: request id → body limit (before anything reads the body)
 * → session (fills c.var.user). Each resource is one sub-app mounted below.
 */
export function createApp() {
  const app = new Hono<AppEnv>().basePath('/api');

  app.use(async (c, next) => {
    c.set('requestId', c.req.header('x-request-id')?.slice(0, 64) || crypto.randomUUID());
    await next();
    c.header('x-request-id', c.var.requestId);
  });
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(errorBody('The request is too large.'), 413),
    }),
  );
  app.use(loadSession);

  const routes = app
    .route('/', authRoutes)
    .route('/', settingsRoutes)
    .route('/', publicAdRoutes)
    .route('/', wishlistRoutes)
    .route('/', contentRoutes)
    .route('/', userRoutes)
    .route('/', categoryRoutes)
    .route('/', pageRoutes)
    .route('/', faqRoutes)
    .route('/', testimonialRoutes)
    .route('/', membershipRoutes);

  app.notFound((c) => c.json(errorBody('Not found.'), 404));
  app.onError((err, c) => {
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
      return c.json(errorBody(err.message), err.status);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      const message = status === 400 ? 'The request body could not be read.' : err.message || 'Request failed.';
      return c.json(errorBody(message), status);
    }
    const requestId = c.var.requestId ?? crypto.randomUUID();
    console.error(`[api] ${requestId} ${c.req.method} ${c.req.path}`, err);
    return c.json({ ...errorBody('Something went wrong. Please try again.'), requestId }, 500);
  });

  return routes;
}

export type AppType = ReturnType<typeof createApp>;

let singleton: AppType | undefined;
/** The process-wide app (Astro's /api route uses it). */
export function app(): AppType {
  singleton ??= createApp();
  return singleton;
}
