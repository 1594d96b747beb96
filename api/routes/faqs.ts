import { requireAdmin } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonBody, jsonResponse } from '../openapi/route.ts';
import { ZFaq } from '../schemas/faq.ts';
import { ZIdParam } from '../schemas/fields.ts';
import { dataEnvelope, ZOk } from '../schemas/responses/common.ts';
import { ZFaqRecord } from '../schemas/responses/faq.ts';
import { deleteFaq } from '../services/faqs/delete-faq.ts';
import { getFaq } from '../services/faqs/get-faq.ts';
import { listFaqs } from '../services/faqs/list-faqs.ts';
import { saveFaq } from '../services/faqs/save-faq.ts';

const tags: ['FAQs'] = ['FAQs'];

/** FAQs: the list is public, everything else admin-only. */
export const faqRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'get',
      path: '/faqs',
      operationId: 'listFaqs',
      summary: 'Every FAQ, oldest first',
      tags,
      access: 'public',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'shared',
      responses: { 200: jsonResponse('The FAQs.', dataEnvelope(ZFaqRecord.array())) },
    }),
    async (c) => c.json({ success: true as const, data: await listFaqs(), message: 'FAQs loaded' }, 200),
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/faqs',
      operationId: 'createFaq',
      summary: 'Add a FAQ (the answer is stored sanitised)',
      tags,
      access: 'admin',
      bodyLimit: 'richTextJson',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware: requireAdmin,
      request: { body: jsonBody(ZFaq) },
      responses: { 201: jsonResponse('Added.', dataEnvelope(ZFaqRecord)) },
    }),
    async (c) => {
      const data = await saveFaq({ input: c.req.valid('json') });
      return c.json({ success: true as const, message: 'FAQ added', data }, 201);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/faqs/{id}',
      operationId: 'getFaq',
      summary: 'One FAQ',
      tags,
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware: requireAdmin,
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('The FAQ.', dataEnvelope(ZFaqRecord)) },
    }),
    async (c) => {
      const data = await getFaq({ id: c.req.valid('param').id });
      return c.json({ success: true as const, data, message: 'FAQ loaded' }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'put',
      path: '/faqs/{id}',
      operationId: 'updateFaq',
      summary: 'Change a FAQ',
      tags,
      access: 'admin',
      bodyLimit: 'richTextJson',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware: requireAdmin,
      request: { params: ZIdParam, body: jsonBody(ZFaq) },
      responses: { 200: jsonResponse('Updated.', dataEnvelope(ZFaqRecord)) },
    }),
    async (c) => {
      const data = await saveFaq({ id: c.req.valid('param').id, input: c.req.valid('json') });
      return c.json({ success: true as const, message: 'FAQ updated', data }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'delete',
      path: '/faqs/{id}',
      operationId: 'deleteFaq',
      summary: 'Delete a FAQ',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware: requireAdmin,
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('Deleted.', ZOk) },
    }),
    async (c) => {
      await deleteFaq({ id: c.req.valid('param').id });
      return c.json({ success: true as const, message: 'FAQ deleted' }, 200);
    },
  );
