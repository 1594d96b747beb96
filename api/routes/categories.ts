import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { readMultipart } from '../lib/multipart.ts';
import { validate } from '../lib/validate.ts';
import { requireAdmin } from '../middleware/session.ts';
import { ZCategoryForm } from '../schemas/category.ts';
import { ZIdParam } from '../schemas/fields.ts';
import { deleteCategory } from '../services/categories/delete-category.ts';
import { listCategories } from '../services/categories/list-categories.ts';
import { saveCategory } from '../services/categories/save-category.ts';

/** Category admin (SPEC.md §7); the public list travels with the settings. */
export const categoryRoutes = new Hono<AppEnv>()
  .get('/get-all-category', requireAdmin, async (c) =>
    c.json({ success: true, data: await listCategories(), message: 'Categories loaded' }),
  )
  .post('/category/add-edit', requireAdmin, async (c) => {
    const { fields, files } = await readMultipart(c, ZCategoryForm, { files: { image: 1 } });
    const data = await saveCategory({ input: fields, image: files.image?.[0] ?? null });
    return fields.id
      ? c.json({ success: true, message: 'Category updated successfully', data })
      : c.json({ success: true, message: 'Category added successfully', data }, 201);
  })
  .delete('/category/:id', requireAdmin, validate('param', ZIdParam), async (c) => {
    await deleteCategory({ id: c.req.valid('param').id });
    return c.json({ success: true, message: 'Category deleted successfully' });
  });
