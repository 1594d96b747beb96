/**
 * Verified email addresses (docs/RULES.md, Verified email addresses), shared by the API and
 * the browser (the ad page's notice, the verify page, the account page): no imports.
 */

/** How long the sign-up mail's link stays valid. */
export const VERIFICATION_LIFETIME_DAYS = 7;

export const VERIFICATION_TEXTS = {
  /** startConversation refuses an unverified buyer with this (403). */
  toMessage: 'Please verify your email address to message sellers.',
  verified: 'Your email address is verified.',
  invalid: 'This verification link is invalid, already used or expired.',
  alreadyVerified: 'Your email address is already verified.',
  sent: 'We sent you a new verification link. Please check your inbox.',
} as const;
