import { clearSessionCookie } from '../auth/cookies.ts';
import { limitAccountPassword, limitEmailChange, limitEmailConfirm } from '../middleware/rate-limit.ts';
import { requireUser } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonBody, jsonResponse } from '../openapi/route.ts';
import {
  ACCOUNT_MESSAGES,
  ZAccountUpdate,
  ZChangeEmail,
  ZChangePassword,
  ZConfirmEmail,
  ZDeleteAccount,
} from '../schemas/account.ts';
import { ZAccount, ZMyData, ZMySession, ZSessionsEnded } from '../schemas/responses/account.ts';
import { dataEnvelope, ZOk } from '../schemas/responses/common.ts';
import { changeEmail, EMAIL_CHANGE_SENT } from '../services/account/change-email.ts';
import { changePassword } from '../services/account/change-password.ts';
import { confirmEmailChange, EMAIL_CHANGED } from '../services/account/confirm-email-change.ts';
import { deleteMyAccount } from '../services/account/delete-my-account.ts';
import { exportMyData } from '../services/account/export-my-data.ts';
import { getAccount } from '../services/account/get-account.ts';
import { listMySessions, revokeOtherSessions } from '../services/account/my-sessions.ts';
import { updateAccount } from '../services/account/update-account.ts';

const tags: ['Account'] = ['Account'];
const middleware = requireUser;

/** The signed-in user's own account (the /admin/account page): always the caller's, never another's. */
export const accountRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'get',
      path: '/account',
      operationId: 'getAccount',
      summary: 'The caller’s own profile, plan with its limits, pending plan request and mail preferences',
      tags,
      access: 'user',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      responses: { 200: jsonResponse('The account.', dataEnvelope(ZAccount)) },
    }),
    async (c) => {
      const data = await getAccount({ user: c.var.user! });
      return c.json({ success: true as const, data, message: 'Account loaded' }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'patch',
      path: '/account',
      operationId: 'updateAccount',
      summary: 'Change the caller’s name, phone or saved-search alert preference',
      tags,
      access: 'user',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      request: { body: jsonBody(ZAccountUpdate) },
      responses: { 200: jsonResponse('Saved.', dataEnvelope(ZAccount)) },
    }),
    async (c) => {
      await updateAccount({ user: c.var.user!, input: c.req.valid('json') });
      const data = await getAccount({ user: c.var.user! });
      return c.json({ success: true as const, data, message: ACCOUNT_MESSAGES.saved }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/account/password',
      operationId: 'changePassword',
      summary: 'Change the password (needs the current one); every other session of the account ends',
      tags,
      access: 'user',
      bodyLimit: 'json',
      rateLimits: ['accountPasswordPerUser'],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      // 429: too many password checks by this user.
      errors: [429],
      request: { body: jsonBody(ZChangePassword) },
      responses: { 200: jsonResponse('Changed.', ZSessionsEnded) },
    }),
    async (c) => {
      const { currentPassword, newPassword } = c.req.valid('json');
      await limitAccountPassword(c.var.user!.id);
      const { ended } = await changePassword({
        user: c.var.user!,
        session: c.var.session!,
        currentPassword,
        newPassword,
      });
      return c.json({ success: true as const, ended, message: ACCOUNT_MESSAGES.passwordChanged }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/account/email',
      operationId: 'changeEmail',
      summary: 'Mail a confirmation link to a new address (needs the password); the email changes when it is opened',
      tags,
      access: 'user',
      bodyLimit: 'json',
      rateLimits: ['accountPasswordPerUser', 'emailChangePerUser'],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      // 409: the address belongs to another account; 429: too many attempts.
      errors: [409, 429],
      request: { body: jsonBody(ZChangeEmail) },
      responses: { 202: jsonResponse('The link was mailed.', ZOk) },
    }),
    async (c) => {
      const { newEmail, password } = c.req.valid('json');
      const user = c.var.user!;
      await limitAccountPassword(user.id);
      await limitEmailChange(user.id);
      await changeEmail({ user, newEmail, password });
      return c.json({ success: true as const, message: EMAIL_CHANGE_SENT }, 202);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/account/email/confirm',
      operationId: 'confirmEmailChange',
      summary: 'Confirm a new email with the mailed single-use token; the old address is told',
      tags,
      access: 'public',
      bodyLimit: 'json',
      rateLimits: ['emailConfirmIp'],
      load: 'counted',
      pageCache: 'keeps',
      errors: [409, 429],
      request: { body: jsonBody(ZConfirmEmail) },
      responses: { 200: jsonResponse('Changed.', ZOk) },
    }),
    async (c) => {
      await limitEmailConfirm(c);
      // The confirming browser stays signed in if it is this account's; every other session ends.
      await confirmEmailChange({ token: c.req.valid('json').token, keepSessionId: c.var.session?.id });
      return c.json({ success: true as const, message: EMAIL_CHANGED }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/account/sessions',
      operationId: 'listMySessions',
      summary: 'The caller’s signed-in browsers (device, browser, last seen), the current one first',
      tags,
      access: 'user',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      responses: { 200: jsonResponse('The sessions.', dataEnvelope(ZMySession.array())) },
    }),
    async (c) => {
      const data = await listMySessions({ user: c.var.user!, session: c.var.session! });
      return c.json({ success: true as const, data, message: 'Sessions loaded' }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/account/sessions/revoke-others',
      operationId: 'revokeOtherSessions',
      summary: 'Sign out everywhere else: every session of the caller but this one ends',
      tags,
      access: 'user',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      responses: { 200: jsonResponse('Ended.', ZSessionsEnded) },
    }),
    async (c) => {
      const { ended } = await revokeOtherSessions({ user: c.var.user!, session: c.var.session! });
      return c.json({ success: true as const, ended, message: ACCOUNT_MESSAGES.revoked }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/account/export',
      operationId: 'exportMyData',
      summary: 'Download my data: profile, ads, conversations, wishlist, plan requests and saved searches as JSON',
      tags,
      access: 'user',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      responses: { 200: jsonResponse('The caller’s data (sent as a file download).', ZMyData) },
    }),
    async (c) => {
      const data = await exportMyData({ user: c.var.user! });
      c.header('Content-Disposition', `attachment; filename="my-data-${new Date().toISOString().slice(0, 10)}.json"`);
      return c.json(data, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/account/delete',
      operationId: 'deleteMyAccount',
      summary: 'Delete the caller’s account with its ads, files, messages and sessions (needs the password)',
      tags,
      access: 'user',
      bodyLimit: 'json',
      rateLimits: ['accountPasswordPerUser'],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      // 409: the last admin cannot delete themselves; 429: too many password checks.
      errors: [409, 429],
      request: { body: jsonBody(ZDeleteAccount) },
      responses: { 200: jsonResponse('Deleted; the session cookie is cleared.', ZOk) },
    }),
    async (c) => {
      await limitAccountPassword(c.var.user!.id);
      await deleteMyAccount({ user: c.var.user!, password: c.req.valid('json').password });
      clearSessionCookie(c);
      return c.json({ success: true as const, message: ACCOUNT_MESSAGES.deleted }, 200);
    },
  );
