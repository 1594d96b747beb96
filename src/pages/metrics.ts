import type { APIRoute } from 'astro';
import { metricsAnswer } from '../../api/services/metrics/read-metrics.ts';

export const prerender = false;

/**
 * /metrics at the site root, the same answer as GET /api/metrics (api/routes/metrics.ts):
 * 404 without METRICS_TOKEN, 401 without the token as a bearer header.
 */
export const GET: APIRoute = async ({ request }) => {
  const { status, headers, body } = await metricsAnswer(request.headers.get('authorization'), 'site');
  return new Response(body, { status, headers });
};
