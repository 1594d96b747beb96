import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { livenessResponse, readinessResponse } from '../services/health/check-readiness.ts';

/**
 * /api/healthz (the process answers) and /api/readyz (the database answers). The same checks
 * are served at the site root as /healthz and /readyz (src/pages/healthz.ts, readyz.ts).
 */
export const healthRoutes = new Hono<AppEnv>()
  .get('/healthz', (c) => {
    const { status, body } = livenessResponse();
    c.header('Cache-Control', 'no-store');
    return c.json(body, status);
  })
  .get('/readyz', async (c) => {
    const { status, body } = await readinessResponse();
    c.header('Cache-Control', 'no-store');
    if (status === 503) c.header('Retry-After', '5');
    return c.json(body, status);
  });
