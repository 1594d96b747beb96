import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { requireAdmin } from '../middleware/session.ts';
import { ZFaq } from '../schemas/faq.ts';
import { ZIdParam } from '../schemas/fields.ts';
import { deleteFaq } from '../services/faqs/delete-faq.ts';
import { getFaq } from '../services/faqs/get-faq.ts';
import { listFaqs } from '../services/faqs/list-faqs.ts';
import { saveFaq } from '../services/faqs/save-faq.ts';

/** FAQs (SPEC.md §7): the list is public, everything else admin-only. */
export const faqRoutes = new Hono<AppEnv>()
  .get('/faqs', async (c) => c.json({ success: true, data: await listFaqs(), message: 'FAQs loaded' }))
  .post('/faqs', requireAdmin, validate('json', ZFaq), async (c) => {
    const data = await saveFaq({ input: c.req.valid('json') });
    return c.json({ success: true, message: 'FAQ added', data }, 201);
  })
  .get('/faqs/:id', requireAdmin, validate('param', ZIdParam), async (c) => {
    const data = await getFaq({ id: c.req.valid('param').id });
    return c.json({ success: true, data, message: 'FAQ loaded' });
  })
  .put('/faqs/:id', requireAdmin, validate('param', ZIdParam), validate('json', ZFaq), async (c) => {
    const data = await saveFaq({ id: c.req.valid('param').id, input: c.req.valid('json') });
    return c.json({ success: true, message: 'FAQ updated', data });
  })
  .delete('/faqs/:id', requireAdmin, validate('param', ZIdParam), async (c) => {
    await deleteFaq({ id: c.req.valid('param').id });
    return c.json({ success: true, message: 'FAQ deleted' });
  });
