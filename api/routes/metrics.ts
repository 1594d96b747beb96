import { z } from '@hono/zod-openapi';
import { createRouter, declareRoute } from '../openapi/route.ts';
import { readMetrics } from '../services/metrics/read-metrics.ts';

/**
 * GET /api/metrics: what an operator watches, in Prometheus's text format (prom-client). The
 * same answer is served at the site root as /metrics (src/pages/metrics.ts) and, with
 * METRICS_PORT, on a listener of its own (server/request-observer.ts). Without METRICS_TOKEN
 * the site's port answers 404; with it, only `Authorization: Bearer <METRICS_TOKEN>` reads it.
 * Never shed: an overloaded server is exactly when its figures are wanted.
 */
export const metricsRoutes = createRouter().openapi(
  declareRoute({
    method: 'get',
    path: '/metrics',
    operationId: 'getMetrics',
    summary: 'Metrics for Prometheus (needs METRICS_TOKEN as a bearer token)',
    description:
      'Requests by route pattern and status, latency histograms, load-shedder refusals, requests in flight, event-loop delay, database pool use, job queue depth and failures, open live streams, page-cache hits and misses, and Node’s default metrics. Answers 404 unless the server has a METRICS_TOKEN, then 401 without `Authorization: Bearer <METRICS_TOKEN>` (the session’s bearer token does not count).',
    tags: ['Health'],
    access: 'public',
    bodyLimit: 'none',
    rateLimits: [],
    load: 'never-shed',
    pageCache: 'private',
    errors: [401, 404],
    responses: {
      200: {
        description: 'The metrics, Prometheus text format 0.0.4.',
        content: { 'text/plain': { schema: z.string() } },
      },
    },
  }),
  async (c) => {
    const { contentType, text } = await readMetrics({ authorization: c.req.header('authorization'), where: 'site' });
    c.header('Cache-Control', 'no-store');
    return c.text(text, 200, { 'Content-Type': contentType });
  },
);
