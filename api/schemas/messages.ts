import './zod-setup.ts';
import { z } from 'zod';
import {
  CONVERSATIONS_PAGE_SIZE,
  MESSAGE_MAX_CHARS,
  MESSAGE_TEXTS,
  REPORT_REASON_MAX_CHARS,
} from '../constants/messages.ts';
import { stripNul } from './ad-query.ts';
import { ZId } from './fields.ts';
import { zLimitOr, zPage } from './paging.ts';

/** Characters as people count them (code points), as the database's char_length does. */
const chars = (s: string) => [...s].length;

/** Plain text, trimmed, 1–2000 characters. Stored as given: it is only ever shown as text. */
export const ZMessageText = z
  .string({ error: MESSAGE_TEXTS.text })
  .transform((s) => stripNul(s).trim())
  .refine((s) => s.length > 0, MESSAGE_TEXTS.text)
  .refine((s) => chars(s) <= MESSAGE_MAX_CHARS, MESSAGE_TEXTS.textMax);

export const ZStartConversation = z.object({ adId: ZId, text: ZMessageText });
export const ZSendMessage = z.object({ text: ZMessageText });
export const ZReportConversation = z.object({
  reason: z
    .string({ error: MESSAGE_TEXTS.reason })
    .transform((s) => stripNul(s).trim())
    .refine((s) => s.length > 0, MESSAGE_TEXTS.reason)
    .refine((s) => chars(s) <= REPORT_REASON_MAX_CHARS, MESSAGE_TEXTS.reasonMax),
});

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
export const ZConversationListQuery = z.object({
  page: zPage(),
  limit: zLimitOr(100, CONVERSATIONS_PAGE_SIZE),
  adId: z.preprocess(blank, ZId.optional()),
});
export const ZConversationQuery = z.object({ before: z.preprocess(blank, ZId.optional()) });
/** A page reopening its stream names the last event it had (EventSource's own reconnects send the Last-Event-ID header). */
export const ZLiveEventsQuery = z.object({
  lastEventId: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'lastEventId must be a whole number.' })
      .int({ error: 'lastEventId must be a whole number.' })
      .min(0, { error: 'lastEventId must be a whole number.' })
      .optional(),
  ),
});
export const ZMessagePreferences = z.object({
  messageMails: z.boolean({ error: 'messageMails must be true or false.' }),
});
