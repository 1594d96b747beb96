import { jobCounts } from '../jobs/queue.ts';
import { requireAdmin } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonResponse } from '../openapi/route.ts';
import { ZJobStats } from '../schemas/responses/jobs.ts';

/** The job queue's counts, for the admin dashboard. */
export const jobRoutes = createRouter().openapi(
  declareRoute({
    method: 'get',
    path: '/admin/job-stats',
    operationId: 'getJobStats',
    summary: 'How many background jobs (mail, sweeps…) are queued, running and failed',
    tags: ['Background jobs'],
    access: 'admin',
    bodyLimit: 'none',
    rateLimits: [],
    load: 'counted',
    pageCache: 'private',
    middleware: requireAdmin,
    responses: { 200: jsonResponse('The counts over every queue.', ZJobStats) },
  }),
  async (c) => c.json({ success: true as const, message: 'Job counts loaded', jobs: await jobCounts() }, 200),
);
