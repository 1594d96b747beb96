/**
 * Client checks for the small public forms (newsletter, FAQ question, membership;
 * docs/SCREENS.md). Kept free of zod so these small islands stay small.
 */
import { FAQ_PHONE_REQUIRED } from '../../../api/constants/inbox.ts';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const isEmail = (v: string) => EMAIL_RE.test(v.trim()) && v.trim().length <= 254;

/**
 * The honeypot's wrapper: off screen rather than display:none (some bots skip hidden fields),
 * out of the tab order and hidden from screen readers, so no person fills it in.
 */
export const HONEYPOT_CLASS = 'absolute -left-[9999px] h-px w-px overflow-hidden';

export const NEWSLETTER_MESSAGES = {
  email: 'Please enter your email.',
  emailFormat: 'Please enter a valid email.',
} as const;

export const FAQ_FORM_MESSAGES = {
  name: 'Please enter your name.',
  email: 'Please enter your email.',
  emailFormat: 'Please enter a valid email.',
  phone: FAQ_PHONE_REQUIRED,
  message: 'Please enter your message.',
} as const;

/** The Membership Form (a signed-in member asking for a paid plan; api/schemas/plan-request.ts says the same). */
export const MEMBERSHIP_MESSAGES = {
  telephone: 'Please enter your telephone number.',
  businessName: 'Please enter your business name.',
} as const;
