import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from './context.ts';
import { AppError, errorBody } from './errors.ts';
import { limitBody } from './lib/body-limit.ts';
import { isDatabaseUnavailable, isInvalidDataError } from './lib/db-unavailable.ts';
import { DB_UNAVAILABLE_RETRY_AFTER_SEC, MAX_BODY_BYTES } from './lib/limits.ts';
import { validationHook } from './lib/validate.ts';
import { idempotency } from './middleware/idempotency.ts';
import { methodNotAllowed } from './middleware/method-not-allowed.ts';
import { observeRequests } from './middleware/observe-requests.ts';
import { originCheck } from './middleware/origin-check.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { loadSession } from './middleware/session.ts';
import { openApiDocument } from './openapi/document.ts';
import { accountRoutes } from './routes/account.ts';
import { adRoutes } from './routes/ads.ts';
import { authRoutes } from './routes/auth.ts';
import { categoryRoutes } from './routes/categories.ts';
import { contentRoutes } from './routes/content.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { docsRoutes } from './routes/docs.ts';
import { faqRoutes } from './routes/faqs.ts';
import { healthRoutes } from './routes/health.ts';
import { inboxRoutes } from './routes/inbox.ts';
import { jobRoutes } from './routes/jobs.ts';
import { membershipRoutes } from './routes/memberships.ts';
import { messageRoutes } from './routes/messages.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { moderationRoutes } from './routes/moderation.ts';
import { newsletterRoutes } from './routes/newsletter.ts';
import { pageRoutes } from './routes/pages.ts';
import { placeRoutes } from './routes/places.ts';
import { planRequestRoutes } from './routes/plan-requests.ts';
import { publicAdRoutes } from './routes/public-ads.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { savedSearchRoutes } from './routes/saved-searches.ts';
import { sellerRoutes } from './routes/sellers.ts';
import { settingsRoutes } from './routes/settings.ts';
import { testimonialRoutes } from './routes/testimonials.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { userRoutes } from './routes/users.ts';
import { wishlistRoutes } from './routes/wishlist.ts';

export { MAX_BODY_BYTES };

/** A declared JSON route given a body of another media type (the library's 415). */
export const UNSUPPORTED_MEDIA_TYPE = 'Send the body as JSON (Content-Type: application/json).';

/**
 * The API. Middleware order: security headers (wrap everything, errors included) → request
 * id → body limit (before anything reads the body) → session (fills c.var.user) → origin
 * check (CSRF: needs to know whether the cookie or a bearer header authenticated).
 * Each resource is one sub-app mounted below.
 */
export function createApp() {
  // OpenAPIHono: the routes' declared schemas make GET /api/openapi.json (api/openapi/); the
  // default hook turns every validation failure into the usual 400.
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).basePath('/api');

  app.use(securityHeaders);
  // Request id, /metrics counters and the request's log line (api/middleware/observe-requests.ts).
  app.use(observeRequests);
  // Per-route limits (api/lib/body-limit.ts): 64 KB for JSON unless the route needs more.
  app.use(limitBody);
  app.use(loadSession);
  app.use(originCheck);
  app.use(idempotency); // after the session (keys are per caller) and the CSRF check

  const routes = app
    .route('/', healthRoutes)
    .route('/', metricsRoutes)
    .route('/', authRoutes)
    .route('/', settingsRoutes)
    .route('/', publicAdRoutes)
    .route('/', placeRoutes)
    .route('/', wishlistRoutes)
    .route('/', savedSearchRoutes)
    .route('/', sellerRoutes)
    .route('/', contentRoutes)
    .route('/', userRoutes)
    .route('/', categoryRoutes)
    .route('/', pageRoutes)
    .route('/', faqRoutes)
    .route('/', testimonialRoutes)
    .route('/', membershipRoutes)
    .route('/', adRoutes)
    .route('/', moderationRoutes)
    .route('/', uploadRoutes)
    .route('/', jobRoutes)
    .route('/', dashboardRoutes)
    .route('/', messageRoutes)
    .route('/', reviewRoutes)
    .route('/', accountRoutes)
    .route('/', planRequestRoutes)
    .route('/', inboxRoutes)
    .route('/', newsletterRoutes)
    .route(
      '/',
      docsRoutes(() => openApiDocument(app)),
    );

  app.notFound((c) => methodNotAllowed(c, app.routes) ?? c.json(errorBody('Not found.'), 404));
  app.onError((err, c) => {
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
      return c.json(errorBody(err.message, err.fields), err.status);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      // The library's own texts (e.g. 415 "Unsupported Media Type") get the API's wording.
      const message =
        status === 400
          ? 'The request body could not be read.'
          : status === 415
            ? UNSUPPORTED_MEDIA_TYPE
            : err.message || 'Request failed.';
      return c.json(errorBody(message), status);
    }
    const requestId = c.var.requestId ?? crypto.randomUUID();
    if (isInvalidDataError(err)) {
      console.warn(`[api] ${requestId} ${c.req.method} ${c.req.path} value refused by the database:`, describe(err));
      return c.json(errorBody('The request contains a character or value that cannot be stored.'), 400);
    }
    if (isDatabaseUnavailable(err)) {
      // Retryable: postgres.js reconnects on the next query.
      console.error(`[api] ${requestId} ${c.req.method} ${c.req.path} database unavailable:`, describe(err));
      c.header('Retry-After', String(DB_UNAVAILABLE_RETRY_AFTER_SEC));
      const message = 'The service is temporarily unavailable. Please try again in a few seconds.';
      return c.json({ ...errorBody(message), requestId }, 503);
    }
    console.error(`[api] ${requestId} ${c.req.method} ${c.req.path}`, err);
    return c.json({ ...errorBody('Something went wrong. Please try again.'), requestId }, 500);
  });

  return routes;
}

function describe(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } };
  return String(e.cause?.code ?? e.code ?? e.cause?.message ?? e.message ?? err);
}

export type AppType = ReturnType<typeof createApp>;

let singleton: AppType | undefined;
/** The process-wide app (Astro's /api route uses it). */
export function app(): AppType {
  singleton ??= createApp();
  return singleton;
}
