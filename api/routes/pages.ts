import { requireAdmin } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonBody, jsonResponse } from '../openapi/route.ts';
import { ZIdParam } from '../schemas/fields.ts';
import { ZPage } from '../schemas/page.ts';
import { dataEnvelope, ZOk } from '../schemas/responses/common.ts';
import { ZPageRecord, ZPageSummary } from '../schemas/responses/page.ts';
import { deletePage } from '../services/pages/delete-page.ts';
import { getPage } from '../services/pages/get-page.ts';
import { listPages } from '../services/pages/list-pages.ts';
import { savePage } from '../services/pages/save-page.ts';

const tags: ['Pages'] = ['Pages'];
const middleware = requireAdmin;

/** Page admin. The public read is GET /api/get-content/{slug} (api/routes/content.ts). */
export const pageRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'get',
      path: '/get-all-pages',
      operationId: 'listPages',
      summary: 'Every page (name, slug, template, keywords)',
      tags,
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      responses: { 200: jsonResponse('The pages.', dataEnvelope(ZPageSummary.array())) },
    }),
    async (c) => c.json({ success: true as const, data: await listPages(), message: 'Pages loaded' }, 200),
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/pages',
      operationId: 'createPage',
      summary: 'Add a page (the slug comes from the name when empty)',
      tags,
      access: 'admin',
      bodyLimit: 'richTextJson',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      errors: [409],
      request: { body: jsonBody(ZPage) },
      responses: { 201: jsonResponse('Created.', dataEnvelope(ZPageRecord)) },
    }),
    async (c) => {
      const data = await savePage({ input: c.req.valid('json') });
      return c.json({ success: true as const, message: 'Page created successfully', data }, 201);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/pages/{id}',
      operationId: 'getPage',
      summary: 'One page with its texts',
      tags,
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('The page.', dataEnvelope(ZPageRecord)) },
    }),
    async (c) => {
      const data = await getPage({ id: c.req.valid('param').id });
      return c.json({ success: true as const, data, message: 'Page loaded' }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'put',
      path: '/pages/{id}',
      operationId: 'updatePage',
      summary: 'Change a page (an empty slug keeps the current one)',
      tags,
      access: 'admin',
      bodyLimit: 'richTextJson',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      errors: [409],
      request: { params: ZIdParam, body: jsonBody(ZPage) },
      responses: { 200: jsonResponse('Updated.', dataEnvelope(ZPageRecord)) },
    }),
    async (c) => {
      const data = await savePage({ id: c.req.valid('param').id, input: c.req.valid('json') });
      return c.json({ success: true as const, message: 'Page updated successfully', data }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'delete',
      path: '/pages/{id}',
      operationId: 'deletePage',
      summary: 'Delete a page',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('Deleted.', ZOk) },
    }),
    async (c) => {
      await deletePage({ id: c.req.valid('param').id });
      return c.json({ success: true as const, message: 'Page deleted successfully' }, 200);
    },
  );
