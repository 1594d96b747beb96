import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { INBOX_SOURCES } from '../../constants/inbox.ts';
import { ZDateTime, ZRecordId } from './common.ts';

export const ZInboxMessage = z
  .object({
    id: ZRecordId,
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    subject: z.string(),
    message: z.string().openapi({ description: 'Plain text as the visitor wrote it.' }),
    source: z.enum(INBOX_SOURCES).openapi({ description: 'contact: Contact Us; faq: the FAQ question form.' }),
    read: z.boolean(),
    readAt: ZDateTime.nullable(),
    createdAt: ZDateTime,
  })
  .openapi('InboxMessage');

export const ZInboxThread = ZInboxMessage.extend({
  replies: z.array(
    z.object({
      id: ZRecordId,
      text: z.string(),
      authorName: z.string().openapi({ description: 'The admin who replied, or "Deleted user".' }),
      createdAt: ZDateTime,
    }),
  ),
}).openapi('InboxThread');

export const ZInboxPage = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(ZInboxMessage),
  total: z.number().int().min(0),
  unread: z.number().int().min(0).openapi({ description: 'Unread messages in the whole inbox.' }),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
});
