import { readMultipart } from '../lib/multipart.ts';
import { limitUploads } from '../middleware/rate-limit.ts';
import { requireAdmin } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonResponse, multipartBody } from '../openapi/route.ts';
import { ZCategoryForm } from '../schemas/category.ts';
import { ZIdParam } from '../schemas/fields.ts';
import { ZCategoryRecord } from '../schemas/responses/category.ts';
import { dataEnvelope, ZOk } from '../schemas/responses/common.ts';
import { deleteCategory } from '../services/categories/delete-category.ts';
import { listCategories } from '../services/categories/list-categories.ts';
import { saveCategory } from '../services/categories/save-category.ts';

const tags: ['Categories'] = ['Categories'];
const middleware = requireAdmin;

/** Category admin; the public list travels with the settings (GET /api/get-settings). */
export const categoryRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'get',
      path: '/get-all-category',
      operationId: 'listCategories',
      summary: 'Every category with its ad count, by name',
      tags,
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      responses: { 200: jsonResponse('The categories.', dataEnvelope(ZCategoryRecord.array())) },
    }),
    async (c) => c.json({ success: true as const, data: await listCategories(), message: 'Categories loaded' }, 200),
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/category/add-edit',
      operationId: 'saveCategory',
      summary: 'Add a category (no id) or change one (with its id), optionally with an image',
      tags,
      access: 'admin',
      bodyLimit: 'oneImageForm',
      rateLimits: ['upload'],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      // 404: the id names no category; 409: the slug is taken.
      errors: [404, 409],
      request: {
        body: multipartBody(ZCategoryForm, {
          image: { description: 'The category image; without it an existing image stays.' },
        }),
      },
      responses: {
        200: jsonResponse('Updated (the form carried an id).', dataEnvelope(ZCategoryRecord)),
        201: jsonResponse('Added.', dataEnvelope(ZCategoryRecord)),
      },
    }),
    async (c) => {
      const { fields, files } = await readMultipart(c, ZCategoryForm, {
        countUpload: limitUploads,
        files: { image: 1 },
      });
      const data = await saveCategory({ input: fields, image: files.image?.[0] ?? null });
      return fields.id
        ? c.json({ success: true as const, message: 'Category updated successfully', data }, 200)
        : c.json({ success: true as const, message: 'Category added successfully', data }, 201);
    },
  )
  .openapi(
    declareRoute({
      method: 'delete',
      path: '/category/{id}',
      operationId: 'deleteCategory',
      summary: 'Delete a category that holds no ads',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      errors: [409],
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('Deleted.', ZOk) },
    }),
    async (c) => {
      await deleteCategory({ id: c.req.valid('param').id });
      return c.json({ success: true as const, message: 'Category deleted successfully' }, 200);
    },
  );
