import { z } from '@hono/zod-openapi';
import { AppError } from '../errors.ts';
import { createRouter, declareRoute, jsonResponse } from '../openapi/route.ts';
import { stripNul } from '../schemas/ad-query.ts';
import { dataEnvelope } from '../schemas/responses/common.ts';
import { ZPageContent } from '../schemas/responses/page.ts';
import { getPageContent } from '../services/pages/get-page-content.ts';

const ZPageSlug = z.object({
  slug: z.string().trim().min(1).max(200).transform(stripNul).openapi({ example: 'about-us' }),
});

export const contentRoutes = createRouter()
  // Public page content; about-us also carries testimonials and plans.
  .openapi(
    declareRoute({
      method: 'get',
      path: '/get-content/{slug}',
      operationId: 'getPageContent',
      summary: 'A public page’s content by slug (about-us adds testimonials and plans)',
      tags: ['Pages'],
      access: 'public',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'shared',
      request: { params: ZPageSlug },
      responses: { 200: jsonResponse('The page.', dataEnvelope(ZPageContent)) },
    }),
    async (c) => {
      const data = await getPageContent({ slug: c.req.valid('param').slug });
      if (!data) throw new AppError('NOT_FOUND', 'Page not found.');
      return c.json({ success: true as const, data, message: 'Page content loaded' }, 200);
    },
  );
