import './zod-setup.ts';
import { z } from 'zod';
import { FIELD_MAX } from '../constants/field-limits.ts';
import { FAQ_PHONE_REQUIRED, INBOX_SOURCES } from '../constants/inbox.ts';
import { optionalText, requiredEmail, requiredText } from './fields.ts';
import { blankToUndefined, zLimit, zPageOptional } from './paging.ts';

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
 * order; a FAQ question also needs a phone number. `website` is the hidden honeypot field (api/services/inbox/bot-check.ts), optional so
 * API clients need not send it. Unknown keys (an old client's timer) are dropped.
 */
export const ZContactMessage = z
  .object({
    name: requiredText(INBOX_MESSAGES.name, FIELD_MAX.personName).transform(oneLine),
    email: requiredEmail(INBOX_MESSAGES.email, INBOX_MESSAGES.emailFormat),
    phone: z
      .string()
      .trim()
      .max(FIELD_MAX.phone, `Must be at most ${FIELD_MAX.phone} characters.`)
      .regex(/^[0-9+()\-.\s/]*$/, INBOX_MESSAGES.phone)
      .optional()
      .default(''),
    subject: optionalText(FIELD_MAX.subject).transform(oneLine),
    message: requiredText(INBOX_MESSAGES.message, FIELD_MAX.message),
    source: z.enum(INBOX_SOURCES, { error: "source must be 'contact' or 'faq'." }).optional().default('contact'),
    website: z.string().max(500).optional().default(''),
  })
  // A FAQ question needs a phone number, as its form says; Contact Us does not.
  .superRefine((m, ctx) => {
    if (m.source === 'faq' && m.phone === '')
      ctx.addIssue({ code: 'custom', message: FAQ_PHONE_REQUIRED, path: ['phone'] });
  });
export type TContactMessage = z.infer<typeof ZContactMessage>;

export const ZInboxReply = z.object({ text: requiredText(INBOX_MESSAGES.reply, FIELD_MAX.inboxReply) });

/** The admin inbox's page: newest first; `unread=1` narrows it to unread messages. */
export const ZInboxListQuery = z.object({
  page: zPageOptional(),
  limit: zLimit(),
  unread: z.preprocess(blankToUndefined, z.enum(['0', '1'], { error: "unread must be '0' or '1'." }).optional()),
});
