import './zod-setup.ts';
import { z } from 'zod';
import { INBOX_SOURCES } from '../constants/inbox.ts';
import { optionalText, requiredText } from './fields.ts';

export const INBOX_MESSAGES = {
  name: 'Please enter your name.',
  email: 'Please enter your email.',
  emailFormat: 'Please enter a valid email.',
  message: 'Please enter your message.',
  phone: 'Please enter a valid phone number.',
  contactSent: "Thanks for getting in touch! Your message was sent and we'll reply to your email soon.",
  faqSent: "Thanks! Your question was sent and we'll reply to your email soon.",
  reply: 'Please write a reply.',
  replied: 'Your reply was mailed to the sender.',
  deleted: 'Message deleted.',
  notFound: 'Message not found.',
} as const;

/** Line breaks in a name or subject would split the notification mail's subject line. */
const oneLine = (v: string) => v.replace(/\s+/g, ' ');

/**
 * Contact Us and the FAQ question form (sendContactMessage), checked in the form's field
 * order. `website` is the hidden honeypot field (api/services/inbox/bot-check.ts), optional so
 * API clients need not send it. Unknown keys (an old client's timer) are dropped.
 */
export const ZContactMessage = z.object({
  name: requiredText(INBOX_MESSAGES.name, 100).transform(oneLine),
  email: requiredText(INBOX_MESSAGES.email, 254)
    .pipe(z.email(INBOX_MESSAGES.emailFormat))
    .transform((v) => v.toLowerCase()),
  phone: z
    .string()
    .trim()
    .max(40, 'Must be at most 40 characters.')
    .regex(/^[0-9+()\-.\s/]*$/, INBOX_MESSAGES.phone)
    .optional()
    .default(''),
  subject: optionalText(200).transform(oneLine),
  message: requiredText(INBOX_MESSAGES.message, 5000),
  source: z.enum(INBOX_SOURCES, { error: "source must be 'contact' or 'faq'." }).optional().default('contact'),
  website: z.string().max(500).optional().default(''),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;

export const ZInboxReply = z.object({ text: requiredText(INBOX_MESSAGES.reply, 10_000) });

const blankToUndefined = (v: unknown) => (v === '' || v === undefined || v === null ? undefined : v);

/** The admin inbox's page: newest first; `unread=1` narrows it to unread messages. */
export const ZInboxListQuery = z.object({
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'page must be a whole number of at least 1.' })
      .int('page must be a whole number of at least 1.')
      .min(1, 'page must be a whole number of at least 1.')
      .max(100_000, 'page must be at most 100000.')
      .optional(),
  ),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'limit must be a whole number from 1 to 100.' })
      .int('limit must be a whole number from 1 to 100.')
      .min(1, 'limit must be a whole number from 1 to 100.')
      .max(100, 'limit must be a whole number from 1 to 100.')
      .optional(),
  ),
  unread: z.preprocess(blankToUndefined, z.enum(['0', '1'], { error: "unread must be '0' or '1'." }).optional()),
});
