import './zod-setup.ts';
import { z } from 'zod';
import { FIELD_MAX } from '../constants/field-limits.ts';
import { SUBSCRIBER_STATES } from '../constants/newsletter.ts';
import { requiredEmail, requiredText } from './fields.ts';
import { blankToUndefined, zLimit, zPageOptional } from './paging.ts';
import { richText } from './rich-text.ts';

export const NEWSLETTER_MESSAGES = {
  email: 'Please enter your email.',
  emailFormat: 'Please enter a valid email.',
  /** The one answer to every subscribe request, whatever the address's state (no enumeration). */
  subscribed: 'Thanks! Please check your inbox and open the link we sent to confirm your subscription.',
  confirmed: 'Your subscription is confirmed. Thank you for subscribing!',
  unsubscribed: 'You are unsubscribed. You will not get the newsletter any more.',
  linkInvalid: 'This link is invalid or has expired.',
  token: 'The link is missing its token.',
  subject: 'Please enter a subject.',
  text: 'Please enter the newsletter text.',
  sent: 'The newsletter is being sent.',
  noSubscribers: 'There are no confirmed subscribers to send to.',
} as const;

export const ZNewsletterSubscribe = z.object({
  email: requiredEmail(NEWSLETTER_MESSAGES.email, NEWSLETTER_MESSAGES.emailFormat),
});

const token = z
  .string({ error: NEWSLETTER_MESSAGES.token })
  .trim()
  .min(1, NEWSLETTER_MESSAGES.token)
  .max(200, NEWSLETTER_MESSAGES.linkInvalid);

export const ZNewsletterToken = z.object({ token });

/** unsubscribeNewsletter's token: in the query (the List-Unsubscribe address) or a JSON body (the page). */
export const ZUnsubscribeQuery = z.object({ token: token.optional() });
export const ZUnsubscribeJson = z.object({ token: token.optional() });
/** RFC 8058: a mail client's one-click POST sends this form body to the List-Unsubscribe address. */
export const ZUnsubscribeOneClick = z.object({ 'List-Unsubscribe': z.string().max(100).optional() });

/** Compose: a subject, the plain text every mail carries, and optional rich text (sanitised). */
export const ZNewsletterSend = z.object({
  subject: requiredText(NEWSLETTER_MESSAGES.subject, FIELD_MAX.subject),
  text: requiredText(NEWSLETTER_MESSAGES.text, 50_000),
  html: richText(100_000),
});
export type TNewsletterSend = z.infer<typeof ZNewsletterSend>;

/** The subscribers list: paged, `q` part of an address, `status` one state. */
export const ZSubscriberListQuery = z.object({
  page: zPageOptional(),
  limit: zLimit(),
  q: z
    .string({ error: 'q must be a single value.' })
    .optional()
    .transform((s) => (s ?? '').replace(/\0/g, '').trim().slice(0, 200)),
  status: z.preprocess(
    blankToUndefined,
    z.enum(SUBSCRIBER_STATES, { error: `status must be one of ${SUBSCRIBER_STATES.join(', ')}.` }).optional(),
  ),
});
export type TSubscriberListQuery = z.infer<typeof ZSubscriberListQuery>;
