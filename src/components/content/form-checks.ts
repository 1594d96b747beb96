/**
 * Client checks for the forms that make no call (newsletter, FAQ question, membership;
 * SPEC.md §5, §7). Kept free of zod so these small islands stay small.
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
