import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { requireAdmin } from '../middleware/session.ts';
import { ADMIN_PAGE_SIZE, isPaged, ZUserListQuery } from '../schemas/admin-list.ts';
import { ZIdParam } from '../schemas/fields.ts';
import { ZAdminUser, ZAdminUserUpdate } from '../schemas/user.ts';
import { createUser } from '../services/users/create-user.ts';
import { deleteUser } from '../services/users/delete-user.ts';
import { getUser } from '../services/users/get-user.ts';
import { listUsers } from '../services/users/list-users.ts';
import { listUsersPage } from '../services/users/list-users-page.ts';
import { updateUser } from '../services/users/update-user.ts';

/**
 * Admin user management (SPEC.md §7). The list answers in full, or one page with the total
 * when asked for `page` or `limit` (api/schemas/admin-list.ts). Ids are digits only in the
 * path, so /user/me, /user/login and friends (api/routes/auth.ts) never reach these handlers.
 */
export const userRoutes = new Hono<AppEnv>()
  .use('/users', requireAdmin)
  .use('/user/:id{[0-9]+}', requireAdmin)
  .use('/user/admin-add-user', requireAdmin)
  .use('/user/update', requireAdmin)
  .get('/users', validate('query', ZUserListQuery), async (c) => {
    const { page, limit, ...filter } = c.req.valid('query');
    if (!isPaged({ page, limit }))
      return c.json({ success: true, users: await listUsers(filter), message: 'Users loaded' });
    const result = await listUsersPage({ ...filter, page: page ?? 1, limit: limit ?? ADMIN_PAGE_SIZE });
    return c.json({ success: true, message: 'Users loaded', ...result });
  })
  .get('/user/:id{[0-9]+}', validate('param', ZIdParam), async (c) => {
    const user = await getUser({ id: c.req.valid('param').id });
    return c.json({ success: true, message: 'User loaded', user });
  })
  .post('/user/admin-add-user', validate('json', ZAdminUser), async (c) => {
    const input = c.req.valid('json');
    const user = await createUser(input);
    return c.json({ success: true, message: 'User added successfully', user }, 201);
  })
  .post('/user/update', validate('json', ZAdminUserUpdate), async (c) => {
    const user = await updateUser({ input: c.req.valid('json'), keepSessionId: c.var.session?.id });
    return c.json({ success: true, message: 'User updated successfully', user });
  })
  .delete('/user/:id{[0-9]+}', validate('param', ZIdParam), async (c) => {
    await deleteUser({ id: c.req.valid('param').id });
    return c.json({ success: true, message: 'User deleted successfully' });
  });
