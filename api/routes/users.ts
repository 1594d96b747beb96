import { requireAdmin } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonBody, jsonResponse } from '../openapi/route.ts';
import { ADMIN_PAGE_SIZE, isPaged, ZUserListQuery } from '../schemas/admin-list.ts';
import { ZIdParam } from '../schemas/fields.ts';
import { ZOk } from '../schemas/responses/common.ts';
import { ZAdminUserAnswer, ZUserAnswer, ZUserList } from '../schemas/responses/user.ts';
import { ZAdminUser, ZAdminUserUpdate } from '../schemas/user.ts';
import { createUser } from '../services/users/create-user.ts';
import { deleteUser } from '../services/users/delete-user.ts';
import { getUser } from '../services/users/get-user.ts';
import { listUsers } from '../services/users/list-users.ts';
import { listUsersPage } from '../services/users/list-users-page.ts';
import { updateUser } from '../services/users/update-user.ts';

const tags: ['Users'] = ['Users'];
const middleware = requireAdmin;

/**
 * Admin user management. The list answers in full, or one page with the total when asked
 * for `page` or `limit` (api/schemas/admin-list.ts). Ids are digits only in the path (the
 * `{id{[0-9]+}}` routing pattern; the document shows `{id}`), so /user/me, /user/login and
 * friends (api/routes/auth.ts) never reach these handlers.
 */
export const userRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'get',
      path: '/users',
      operationId: 'listUsers',
      summary: 'Users, filtered and sorted; paged when asked for page or limit',
      tags,
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      request: { query: ZUserListQuery },
      responses: { 200: jsonResponse('The users (and the totals when paged).', ZUserList) },
    }),
    async (c) => {
      const { page, limit, ...filter } = c.req.valid('query');
      if (!isPaged({ page, limit }))
        return c.json({ success: true as const, users: await listUsers(filter), message: 'Users loaded' }, 200);
      const result = await listUsersPage({ ...filter, page: page ?? 1, limit: limit ?? ADMIN_PAGE_SIZE });
      return c.json({ success: true as const, message: 'Users loaded', ...result }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/user/{id{[0-9]+}}',
      operationId: 'getUser',
      summary: 'One user',
      tags,
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('The user.', ZAdminUserAnswer) },
    }),
    async (c) => {
      const user = await getUser({ id: c.req.valid('param').id });
      return c.json({ success: true as const, message: 'User loaded', user }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/user/admin-add-user',
      operationId: 'createUser',
      summary: 'Add a user with a role and a subscription',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      errors: [409],
      request: { body: jsonBody(ZAdminUser) },
      responses: { 201: jsonResponse('Added.', ZUserAnswer) },
    }),
    async (c) => {
      // An account an admin adds counts as verified: no verification mail.
      const user = await createUser({ ...c.req.valid('json'), verified: true });
      return c.json({ success: true as const, message: 'User added successfully', user }, 201);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/user/update',
      operationId: 'updateUser',
      summary: 'Change a user (a demoted user or a new password ends their sessions)',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      errors: [404, 409],
      request: { body: jsonBody(ZAdminUserUpdate) },
      responses: { 200: jsonResponse('Updated.', ZUserAnswer) },
    }),
    async (c) => {
      const user = await updateUser({ input: c.req.valid('json'), keepSessionId: c.var.session?.id });
      return c.json({ success: true as const, message: 'User updated successfully', user }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'delete',
      path: '/user/{id{[0-9]+}}',
      operationId: 'deleteUser',
      summary: 'Delete a user and everything they own',
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
      await deleteUser({ id: c.req.valid('param').id });
      return c.json({ success: true as const, message: 'User deleted successfully' }, 200);
    },
  );
