import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';

const count = z.number().int().min(0);

/** GET /api/admin/job-stats: the background job queue at a glance. */
export const ZJobStats = z
  .object({
    success: z.literal(true),
    message: z.string(),
    jobs: z.object({
      queued: count.openapi({ description: 'Waiting to run, including failed attempts waiting for their retry.' }),
      active: count.openapi({ description: 'Running now.' }),
      failed: count.openapi({ description: 'Failed after their last retry (kept for two weeks).' }),
      completed: count.openapi({ description: 'Finished and not yet cleaned up (about a week).' }),
    }),
  })
  .openapi('JobStats');
