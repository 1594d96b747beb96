import type { APIRoute } from 'astro';
import { livenessResponse } from '../../api/services/health/check-readiness.ts';

export const prerender = false;

/** Liveness for load balancers: 200 while the process answers (no database call). */
export const GET: APIRoute = () => {
  const { status, body } = livenessResponse();
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
};
