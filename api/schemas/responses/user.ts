import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { ROLES, SUBSCRIPTIONS } from '../../db/schema/users.ts';
import { ZRecordId } from './common.ts';

/** The only shape a user leaves the server in (never the password hash). */
export const ZPublicUser = z
  .object({
    id: ZRecordId,
    name: z.string(),
    email: z.string().openapi({ format: 'email' }),
    role: z.enum(ROLES),
    subscription: z.enum(SUBSCRIPTIONS),
  })
  .openapi('User');

/** GET /api/users: the whole list, or one page and the totals when asked for page or limit. */
export const ZUserList = z
  .object({
    success: z.literal(true),
    message: z.string(),
    users: z.array(ZPublicUser),
    total: z.number().int().min(0).optional().openapi({ description: 'Only when paged.' }),
    page: z.number().int().min(1).optional().openapi({ description: 'Only when paged.' }),
    limit: z.number().int().min(1).optional().openapi({ description: 'Only when paged.' }),
    totalPages: z.number().int().min(0).optional().openapi({ description: 'Only when paged.' }),
  })
  .openapi('UserList');

/** `{ success, message, user }`: one user read or written. */
export const ZUserAnswer = z.object({ success: z.literal(true), message: z.string(), user: ZPublicUser });
