import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { requireAdmin } from '../middleware/session.ts';
import { ZIdParam } from '../schemas/fields.ts';
import { ZPage } from '../schemas/page.ts';
import { deletePage } from '../services/pages/delete-page.ts';
import { getPage } from '../services/pages/get-page.ts';
import { listPages } from '../services/pages/list-pages.ts';
import { savePage } from '../services/pages/save-page.ts';

/** Page admin (SPEC.md §7). The public read is GET /api/get-content/{slug}, elsewhere. */
export const pageRoutes = new Hono<AppEnv>()
  .use('/get-all-pages', requireAdmin)
  .use('/pages', requireAdmin)
  .use('/pages/*', requireAdmin)
  .get('/get-all-pages', async (c) => c.json({ success: true, data: await listPages(), message: 'Pages loaded' }))
  .post('/pages', validate('json', ZPage), async (c) => {
    const data = await savePage({ input: c.req.valid('json') });
    return c.json({ success: true, message: 'Page created successfully', data }, 201);
  })
  .get('/pages/:id', validate('param', ZIdParam), async (c) => {
    const data = await getPage({ id: c.req.valid('param').id });
    return c.json({ success: true, data, message: 'Page loaded' });
  })
  .put('/pages/:id', validate('param', ZIdParam), validate('json', ZPage), async (c) => {
    const data = await savePage({ id: c.req.valid('param').id, input: c.req.valid('json') });
    return c.json({ success: true, message: 'Page updated successfully', data });
  })
  .delete('/pages/:id', validate('param', ZIdParam), async (c) => {
    await deletePage({ id: c.req.valid('param').id });
    return c.json({ success: true, message: 'Page deleted successfully' });
  });
