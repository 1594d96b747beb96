import { createRouter, declareRoute, jsonResponse } from '../openapi/route.ts';

import { type TNotReady, type TReady, ZLiveness, ZNotReady, ZReady } from '../schemas/responses/health.ts';
import { livenessResponse, readinessResponse } from '../services/health/check-readiness.ts';

const tags: ['Health'] = ['Health'];

/**
 * /api/healthz (the process answers) and /api/readyz (the database answers). The same checks
 * are served at the site root as /healthz and /readyz (src/pages/healthz.ts, readyz.ts).
 */
export const healthRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'get',
      path: '/healthz',
      operationId: 'getLiveness',
      summary: 'Liveness: the process answers (never touches the database)',
      tags,
      access: 'public',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'never-shed',
      pageCache: 'private',
      responses: { 200: jsonResponse('The process is up.', ZLiveness) },
    }),
    (c) => {
      const { body } = livenessResponse();
      c.header('Cache-Control', 'no-store');
      return c.json({ success: true as const, status: 'ok' as const, uptimeSec: body.uptimeSec }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/readyz',
      operationId: 'getReadiness',
      summary: 'Readiness: the database answers a trivial query in time',
      tags,
      access: 'public',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      responses: {
        200: jsonResponse('Ready to serve.', ZReady),
        503: {
          ...jsonResponse('The database did not answer in time; retry after Retry-After seconds.', ZNotReady),
          headers: { 'Retry-After': { schema: { type: 'integer' } } },
        },
      },
    }),
    async (c) => {
      const { status, body } = await readinessResponse();
      c.header('Cache-Control', 'no-store');
      if (status === 503) {
        c.header('Retry-After', '5');
        return c.json(body as TNotReady, 503);
      }
      return c.json(body as TReady, 200);
    },
  );
