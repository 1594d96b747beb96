import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { SUBSCRIBER_STATES } from '../../constants/newsletter.ts';
import { ZDateTime, ZRecordId } from './common.ts';

export const ZSubscriber = z
  .object({
    id: ZRecordId,
    email: z.string(),
    status: z.enum(SUBSCRIBER_STATES).openapi({ description: 'Only confirmed addresses get the newsletter.' }),
    createdAt: ZDateTime,
    confirmedAt: ZDateTime.nullable(),
    unsubscribedAt: ZDateTime.nullable(),
  })
  .openapi('NewsletterSubscriber');

export const ZSubscriberPage = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(ZSubscriber),
  total: z.number().int().min(0),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
  counts: z
    .object({ pending: z.number().int(), confirmed: z.number().int(), unsubscribed: z.number().int() })
    .openapi({ description: 'Addresses in each state, over the whole list.' }),
});

export const ZNewsletterProgress = z
  .object({
    id: ZRecordId,
    subject: z.string(),
    total: z.number().int().openapi({ description: 'Confirmed subscribers when it was sent.' }),
    sent: z.number().int().openapi({ description: 'Mails queued so far.' }),
    skipped: z.number().int().openapi({ description: 'Subscribers who left before their batch ran.' }),
    finished: z.boolean(),
    createdAt: ZDateTime,
    finishedAt: ZDateTime.nullable(),
  })
  .openapi('NewsletterProgress');
