import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { AppError } from '../errors.ts';
import { validate } from '../lib/validate.ts';
import { stripNul } from '../schemas/ad-query.ts';
import { getPageContent } from '../services/pages/get-page-content.ts';

const ZPageSlug = z.object({ slug: z.string().trim().min(1).max(200).transform(stripNul) });

export const contentRoutes = new Hono<AppEnv>()
  // Public page content (SPEC.md §7); about-us also carries testimonials and plans.
  .get('/get-content/:slug', validate('param', ZPageSlug), async (c) => {
    const data = await getPageContent({ slug: c.req.valid('param').slug });
    if (!data) throw new AppError('NOT_FOUND', 'Page not found.');
    return c.json({ success: true, data, message: 'Page content loaded' });
  });
