/**
 * Client checks for the forms that make no call (newsletter, FAQ question, membership;
 * docs/SCREENS.md). Kept free of zod so these small islands stay small.
 */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const isEmail = (v: string) => EMAIL_RE.test(v.trim()) && v.trim().length <= 254;

/** The first failing check's message, in the order given, or null when all pass. */
export function firstError(checks: [boolean, string][]): string | null {
  for (const [ok, message] of checks) if (!ok) return message;
  return null;
}

export const NEWSLETTER_MESSAGES = {
  email: 'Please enter your email.',
  emailFormat: 'Please enter a valid email.',
  done: "Thanks for your interest! Our newsletter isn't being sent yet, so nothing was sent and your address was not stored.",
} as const;

export const FAQ_FORM_MESSAGES = {
  name: 'Please enter your name.',
  phone: 'Please enter your phone number.',
  done: "Thanks! Questions can't be sent online yet, so nothing was sent. Please call or email us and we'll gladly help.",
} as const;

export const MEMBERSHIP_MESSAGES = {
  email: 'Please enter your email address.',
  emailFormat: 'Please enter a valid email address.',
  password: 'Please enter a password.',
  confirmPassword: 'Please confirm your password.',
  telephone: 'Please enter your telephone number.',
  businessName: 'Please enter your business name.',
  done: "Thanks! Online membership sign-up isn't open yet, so nothing was sent. Please contact us to join this plan.",
} as const;
