import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { ZDateTime, ZRecordId } from './common.ts';
import { ZConversationReview } from './review.ts';

const ok = { success: z.literal(true), message: z.string() };
const count = z.number().int().min(0);

export const ZMessage = z
  .object({
    id: ZRecordId,
    text: z.string().openapi({ description: 'Plain text as written (show it as text, never as HTML).' }),
    senderId: ZRecordId.nullable(),
    createdAt: ZDateTime,
    mine: z.boolean().openapi({ description: 'Sent by the caller.' }),
  })
  .openapi('Message');

export const ZConversation = z
  .object({
    id: ZRecordId,
    ad: z.object({
      id: ZRecordId.nullable().openapi({ description: 'null once the ad is deleted.' }),
      heading: z.string().openapi({ description: 'The ad’s heading (as it was, once deleted).' }),
      slug: z.string().nullable(),
      image: z.string().nullable().openapi({ description: 'Stored file name of the ad’s main image.' }),
      price: z.number().nullable(),
      removed: z.boolean(),
    }),
    other: z.object({
      id: ZRecordId.nullable(),
      name: z.string().openapi({ description: "The other participant's name, or 'Deleted user'." }),
    }),
    role: z
      .enum(['buyer', 'seller'])
      .openapi({ description: 'The caller’s side (an admin reading a report: seller).' }),
    lastMessage: z.object({ text: z.string(), createdAt: ZDateTime, fromMe: z.boolean() }).nullable(),
    unread: count.openapi({ description: 'Messages from the other side the caller has not read.' }),
    blocked: z.boolean(),
    blockedByMe: z.boolean(),
    sendBlocked: z.string().nullable().openapi({
      description:
        'Why the caller cannot write in this conversation now (either side blocked the other, the other’s account is suspended, or a moderator removed the caller’s ad); null when they can.',
    }),
    updatedAt: ZDateTime,
  })
  .openapi('Conversation');

export const ZConversationAnswer = z.object({ ...ok, conversation: ZConversation });
export const ZConversationList = z.object({
  ...ok,
  conversations: ZConversation.array(),
  total: count,
  page: z.number().int().min(1),
  totalPages: count,
});
export const ZConversationThread = z.object({
  ...ok,
  conversation: ZConversation,
  messages: ZMessage.array().openapi({ description: 'Oldest first: the latest 50, or the 50 before `before`.' }),
  hasMore: z.boolean().openapi({ description: 'Older messages exist (ask with before=<first id>).' }),
  readOnly: z.boolean().openapi({ description: 'An admin reading a reported conversation: no sending.' }),
  review: ZConversationReview,
});
export const ZMessageSent = z.object({ ...ok, sent: ZMessage });
export const ZUnreadCount = z.object({
  ...ok,
  unread: count.openapi({ description: 'Unread messages, all conversations.' }),
});
export const ZMessagePreferencesAnswer = z.object({ ...ok, messageMails: z.boolean() });
