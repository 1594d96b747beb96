import type { APIRoute } from 'astro';
import { readinessResponse } from '../../api/services/health/check-readiness.ts';

export const prerender = false;

/** Readiness for load balancers: 200 when the database answers, else 503 + Retry-After. */
export const GET: APIRoute = async () => {
  const { status, body } = await readinessResponse();
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (status === 503) headers['Retry-After'] = '5';
  return Response.json(body, { status, headers });
};
