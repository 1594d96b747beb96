import { limitContact } from '../middleware/rate-limit.ts';
import { requireAdmin } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonBody, jsonResponse } from '../openapi/route.ts';
import { ZIdParam } from '../schemas/fields.ts';
import { INBOX_MESSAGES, ZContactMessage, ZInboxListQuery, ZInboxReply } from '../schemas/inbox.ts';
import { dataEnvelope, ZOk } from '../schemas/responses/common.ts';
import { ZInboxPage, ZInboxThread } from '../schemas/responses/inbox.ts';
import { deleteInboxMessage } from '../services/inbox/delete-inbox-message.ts';
import { getInboxMessage } from '../services/inbox/get-inbox-message.ts';
import { listInbox } from '../services/inbox/list-inbox.ts';
import { replyInboxMessage } from '../services/inbox/reply-inbox-message.ts';
import { sendContactMessage } from '../services/inbox/send-contact-message.ts';

const tags: ['Inbox'] = ['Inbox'];
const middleware = requireAdmin;

/** Contact Us and FAQ questions from visitors, and the admins' inbox where they are read and answered. */
export const inboxRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'post',
      path: '/contact',
      operationId: 'sendContactMessage',
      summary: 'Send a message to the site’s team (Contact Us, or the FAQ question form with source faq)',
      tags,
      access: 'public',
      bodyLimit: 'json',
      rateLimits: ['contactIp'],
      load: 'counted',
      pageCache: 'keeps',
      // 429: too many messages from this address.
      errors: [429],
      request: { body: jsonBody(ZContactMessage) },
      responses: { 201: jsonResponse('Sent: stored in the admin inbox, the team is mailed.', ZOk) },
    }),
    async (c) => {
      const input = c.req.valid('json');
      await limitContact(c);
      return c.json(await sendContactMessage({ input }), 201);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/admin/inbox',
      operationId: 'listInbox',
      summary: 'The inbox, newest first, one page (unread=1: unread only), with the unread count',
      tags,
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      request: { query: ZInboxListQuery },
      responses: { 200: jsonResponse('One page of messages.', ZInboxPage) },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const page = await listInbox({ page: q.page, limit: q.limit, unreadOnly: q.unread === '1' });
      return c.json({ success: true as const, ...page, message: 'Inbox loaded' }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/admin/inbox/{id}',
      operationId: 'getInboxMessage',
      summary: 'One message with its replies; opening it marks it read',
      tags,
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('The message.', dataEnvelope(ZInboxThread)) },
    }),
    async (c) => {
      const data = await getInboxMessage({ id: c.req.valid('param').id });
      return c.json({ success: true as const, data, message: 'Message loaded' }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/admin/inbox/{id}/replies',
      operationId: 'replyInboxMessage',
      summary: 'Mail a reply to the sender; it is kept in the thread',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      request: { params: ZIdParam, body: jsonBody(ZInboxReply) },
      responses: { 201: jsonResponse('Mailed and kept.', dataEnvelope(ZInboxThread)) },
    }),
    async (c) => {
      const body = await replyInboxMessage({
        id: c.req.valid('param').id,
        admin: c.var.user!,
        text: c.req.valid('json').text,
      });
      return c.json(body, 201);
    },
  )
  .openapi(
    declareRoute({
      method: 'delete',
      path: '/admin/inbox/{id}',
      operationId: 'deleteInboxMessage',
      summary: 'Delete a message and its replies',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('Deleted.', ZOk) },
    }),
    async (c) => {
      await deleteInboxMessage({ id: c.req.valid('param').id });
      return c.json({ success: true as const, message: INBOX_MESSAGES.deleted }, 200);
    },
  );
