import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { ROLES, SUBSCRIPTIONS } from '../../constants/users.ts';
import { ZDateTime, ZRecordId } from './common.ts';

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

/** The signed-in user (sign-up, login, `/api/user/me`): a User plus whether their email is verified. */
export const ZSessionUser = ZPublicUser.extend({
  emailVerified: z.boolean().openapi({
    description: 'Whether the email address was confirmed through the sign-up mail’s link (needed to message sellers).',
  }),
}).openapi('SessionUser');

/** A user as the admin screens see them: a User plus whether, and why, they are banned. */
export const ZAdminUserRow = ZPublicUser.extend({
  banned: z.boolean().openapi({ description: 'Banned by a moderator: cannot sign in, ads hidden.' }),
  banReason: z.string().openapi({ description: "The moderator's reason for the ban ('' when not banned)." }),
}).openapi('AdminUserRow');

/** A row of GET /api/users: the ban only on a paged answer (the admin screen's), the legacy list as it was. */
const ZUserListRow = ZPublicUser.extend({
  banned: ZAdminUserRow.shape.banned.optional().openapi({ description: 'Only when paged: banned by a moderator.' }),
  banReason: ZAdminUserRow.shape.banReason.optional().openapi({ description: "Only when paged: the ban's reason." }),
}).openapi('UserListRow');

/** GET /api/users: the whole list, or one page and the totals when asked for page or limit. */
export const ZUserList = z
  .object({
    success: z.literal(true),
    message: z.string(),
    users: z.array(ZUserListRow),
    total: z.number().int().min(0).optional().openapi({ description: 'Only when paged.' }),
    page: z.number().int().min(1).optional().openapi({ description: 'Only when paged.' }),
    limit: z.number().int().min(1).optional().openapi({ description: 'Only when paged.' }),
    totalPages: z.number().int().min(0).optional().openapi({ description: 'Only when paged.' }),
  })
  .openapi('UserList');

/** `{ success, message, user }`: one user read or written. */
export const ZUserAnswer = z.object({ success: z.literal(true), message: z.string(), user: ZPublicUser });

/** GET /api/user/{id}: one user, with the ban, for the edit-user screen. */
export const ZAdminUserAnswer = z.object({ success: z.literal(true), message: z.string(), user: ZAdminUserRow });

/** Signing in or up: the session token (also set as the HttpOnly cookie) and the user. */
export const ZSessionAnswer = z
  .object({
    success: z.literal(true),
    message: z.string(),
    token: z.string().openapi({ description: 'The session token, for `Authorization: Bearer <token>`.' }),
    userinfo: ZSessionUser,
    expiresAt: ZDateTime.openapi({ description: 'When the session ends unless used again.' }),
  })
  .openapi('SessionAnswer');

/** GET /api/user/me: the signed-in user and when their session ends. */
export const ZCurrentUser = z
  .object({ success: z.literal(true), userinfo: ZSessionUser, expiresAt: ZDateTime })
  .openapi('CurrentUser');
