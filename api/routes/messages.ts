import { z } from '@hono/zod-openapi';
import { MESSAGE_TEXTS } from '../constants/messages.ts';
import {
  limitConversationReports,
  limitMessages,
  limitNewConversations,
  limitReads,
} from '../middleware/rate-limit.ts';
import { requireUser } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonBody, jsonResponse } from '../openapi/route.ts';
import { ZIdParam } from '../schemas/fields.ts';
import {
  ZConversationListQuery,
  ZConversationQuery,
  ZLiveEventsQuery,
  ZMessagePreferences,
  ZReportConversation,
  ZSendMessage,
  ZStartConversation,
} from '../schemas/messages.ts';
import { ZOk } from '../schemas/responses/common.ts';
import {
  ZConversationAnswer,
  ZConversationList,
  ZConversationThread,
  ZMessagePreferencesAnswer,
  ZMessageSent,
  ZUnreadCount,
} from '../schemas/responses/messages.ts';
import { blockConversation, unblockConversation } from '../services/messages/block-conversation.ts';
import { messageEventStream } from '../services/messages/event-stream.ts';
import { getConversation } from '../services/messages/get-conversation.ts';
import { listConversations } from '../services/messages/list-conversations.ts';
import { markConversationRead } from '../services/messages/mark-read.ts';
import { getMessageMails, setMessageMails } from '../services/messages/message-preferences.ts';
import { reportConversation } from '../services/messages/report-conversation.ts';
import { sendMessage } from '../services/messages/send-message.ts';
import { startConversation } from '../services/messages/start-conversation.ts';
import { unreadCount } from '../services/messages/unread-count.ts';

const tags: ['Messages'] = ['Messages'];
const middleware = requireUser;

/**
 * Conversations between a buyer and an ad's seller (docs/RULES.md, Conversations). Only the
 * two participants read one (403 for others, 404 when there is none); an admin reads a
 * reported one, read-only. Nobody's email or phone is ever part of an answer.
 */
export const messageRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'post',
      path: '/conversations',
      operationId: 'startConversation',
      summary: 'Message the seller of an ad (reuses the conversation when there is one)',
      tags,
      access: 'user',
      bodyLimit: 'json',
      rateLimits: ['conversationsPerUser', 'messagesPerUser'],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      // 403: the caller's email address is not verified yet.
      errors: [404, 409, 429],
      request: { body: jsonBody(ZStartConversation) },
      responses: { 201: jsonResponse('The conversation, with the message added.', ZConversationAnswer) },
    }),
    async (c) => {
      const { adId, text } = c.req.valid('json');
      const user = c.var.user!;
      const started = await startConversation({
        user,
        countNewConversation: () => limitNewConversations(user.id),
        countMessage: () => limitMessages(user.id),
        adId,
        text,
      });
      return c.json(started, 201);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/conversations',
      operationId: 'listConversations',
      summary: 'The caller’s conversations, newest activity first, paged; `adId` for one ad',
      tags,
      access: 'user',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      request: { query: ZConversationListQuery },
      responses: { 200: jsonResponse('One page of conversations.', ZConversationList) },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const page = await listConversations({ userId: c.var.user!.id, ...q });
      return c.json({ success: true as const, message: MESSAGE_TEXTS.loaded, ...page }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/conversations/unread-count',
      operationId: 'unreadCount',
      summary: 'How many messages the caller has not read',
      tags,
      access: 'user',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      responses: { 200: jsonResponse('The count.', ZUnreadCount) },
    }),
    async (c) => {
      const unread = await unreadCount(c.var.user!.id);
      return c.json({ success: true as const, message: 'Unread messages counted', unread }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/conversations/events',
      operationId: 'messageEvents',
      summary: 'Live events (Server-Sent Events): new messages, read marks and the unread count',
      tags,
      access: 'user',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'stream',
      pageCache: 'private',
      middleware,
      // 503: the process holds LIVE_STREAMS_MAX streams (with Retry-After).
      errors: [503],
      request: {
        query: ZLiveEventsQuery,
        headers: z.object({
          'last-event-id': z.string().optional().openapi({ description: 'The `id:` of the last event received.' }),
        }),
      },
      responses: {
        200: {
          description:
            'An endless text/event-stream. Events: `unread` {unread} (at once and after every change), `message` {conversationId, message} (each new message in the caller’s conversations), `read` {conversationId} (read in another tab), `resync` {} (events may have been missed: reload what is shown), `closed` {reason: `too-many-streams` | `signed-out`} (the last event before the server ends the stream; at most 5 streams per user, the oldest closes). Each event has an `id:`; reopened with `Last-Event-ID` (or `lastEventId`), the messages missed since come first (at most 100, else `resync`). A `: ping` comment every 25 s; reconnect after it ends (retry: 3000).',
          content: { 'text/event-stream': { schema: z.string() } },
        },
      },
    }),
    (c) => {
      const session = c.var.session!;
      const header = Number(c.req.header('last-event-id') ?? Number.NaN);
      const lastEventId =
        c.req.valid('query').lastEventId ?? (Number.isSafeInteger(header) && header >= 0 ? header : undefined);
      return messageEventStream(c, {
        userId: c.var.user!.id,
        sessionId: session.id,
        expiresAt: session.expiresAt,
        lastEventId,
      }) as never;
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/conversations/{id}',
      operationId: 'getConversation',
      summary: 'A conversation and its latest messages (or those before `before`)',
      tags,
      access: 'owner',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      errors: [403],
      request: { params: ZIdParam, query: ZConversationQuery },
      responses: { 200: jsonResponse('The thread.', ZConversationThread) },
    }),
    async (c) => {
      const thread = await getConversation({
        user: c.var.user!,
        id: c.req.valid('param').id,
        before: c.req.valid('query').before,
      });
      return c.json({ success: true as const, message: 'Conversation loaded', ...thread }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/conversations/{id}/messages',
      operationId: 'sendMessage',
      summary: 'Send a message in a conversation (403 when it is blocked)',
      tags,
      access: 'owner',
      bodyLimit: 'json',
      rateLimits: ['messagesPerUser'],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      errors: [429],
      request: { params: ZIdParam, body: jsonBody(ZSendMessage) },
      responses: { 201: jsonResponse('Sent.', ZMessageSent) },
    }),
    async (c) => {
      const user = c.var.user!;
      const body = await sendMessage({
        user,
        countMessage: () => limitMessages(user.id),
        id: c.req.valid('param').id,
        text: c.req.valid('json').text,
      });
      return c.json(body, 201);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/conversations/{id}/read',
      operationId: 'markConversationRead',
      summary: 'Mark every message of a conversation read',
      tags,
      access: 'owner',
      bodyLimit: 'json',
      rateLimits: ['readsPerUser'],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      errors: [429],
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('Read; `unread` is the caller’s total after it.', ZUnreadCount) },
    }),
    async (c) => {
      const user = c.var.user!;
      const unread = await markConversationRead({
        user,
        countAgainstLimits: () => limitReads(user.id),
        id: c.req.valid('param').id,
      });
      return c.json({ success: true as const, message: MESSAGE_TEXTS.read, unread }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/conversations/{id}/block',
      operationId: 'blockConversation',
      summary:
        'Block the other participant: no new conversation and no message between the two of you about any ad until each block is lifted; the history stays',
      tags,
      access: 'owner',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('Blocked.', ZOk) },
    }),
    async (c) => {
      const message = await blockConversation({ user: c.var.user!, id: c.req.valid('param').id });
      return c.json({ success: true as const, message }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'delete',
      path: '/conversations/{id}/block',
      operationId: 'unblockConversation',
      summary: 'Lift your own block of the other participant (their block, if any, is theirs to lift: 403)',
      tags,
      access: 'owner',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('Unblocked.', ZOk) },
    }),
    async (c) => {
      await unblockConversation({ user: c.var.user!, id: c.req.valid('param').id });
      return c.json({ success: true as const, message: MESSAGE_TEXTS.unblocked }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/conversations/{id}/report',
      operationId: 'reportConversation',
      summary: 'Report a conversation to the admins, with a reason (once per participant)',
      tags,
      access: 'owner',
      bodyLimit: 'json',
      rateLimits: ['conversationReportsPerUser'],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      errors: [429],
      request: { params: ZIdParam, body: jsonBody(ZReportConversation) },
      responses: { 201: jsonResponse('Reported.', ZOk) },
    }),
    async (c) => {
      const user = c.var.user!;
      await reportConversation({
        user,
        countAgainstLimits: () => limitConversationReports(user.id),
        id: c.req.valid('param').id,
        reason: c.req.valid('json').reason,
      });
      return c.json({ success: true as const, message: MESSAGE_TEXTS.reported }, 201);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/user/message-preferences',
      operationId: 'getMessagePreferences',
      summary: 'Whether the caller gets a mail about new messages',
      tags,
      access: 'user',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      responses: { 200: jsonResponse('The preference.', ZMessagePreferencesAnswer) },
    }),
    async (c) => {
      const messageMails = await getMessageMails(c.var.user!.id);
      return c.json({ success: true as const, message: 'Message preferences loaded', messageMails }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'put',
      path: '/user/message-preferences',
      operationId: 'updateMessagePreferences',
      summary: 'Turn mails about new messages on or off',
      tags,
      access: 'user',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      request: { body: jsonBody(ZMessagePreferences) },
      responses: { 200: jsonResponse('Saved.', ZMessagePreferencesAnswer) },
    }),
    async (c) => {
      const { messageMails } = c.req.valid('json');
      await setMessageMails(c.var.user!.id, messageMails);
      return c.json({ success: true as const, message: MESSAGE_TEXTS.preferences, messageMails }, 200);
    },
  );
