import { runtimeEnv } from '../env.ts';

/**
 * Every abuse limit of the site in one place (docs/SECURITY.md lists them). Per-IP limits use
 * the client address of api/lib/client-ip.ts; per-account limits use the lowercased email.
 *
 * RATE_LIMIT_SCALE multiplies every `points` value (default 1): an operator can loosen the
 * limits for a site whose users share one address (a school, an office NAT), and the browser
 * test server raises them because all its sign-ups come from 127.0.0.1.
 */

export type TRateLimit = {
  /** Attempts allowed per window. */
  points: number;
  /** Window length in seconds. */
  durationSec: number;
};

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  /** Failed logins from one address (credential stuffing across accounts). */
  loginIp: { points: 10, durationSec: 15 * MINUTE },
  /**
   * Failed logins for one account from one address (password guessing); a success clears it.
   * Keyed by email and address, so guessing from elsewhere cannot lock the owner out.
   */
  loginAccountIp: { points: 5, durationSec: 15 * MINUTE },
  /** Failed logins for one account from all addresses together (guessing spread over many). */
  loginAccountAll: { points: 50, durationSec: HOUR },
  /** Sign-up attempts from one address (spam accounts). */
  signupIp: { points: 20, durationSec: HOUR },
  /** Sign-up attempts for one email (probing which emails are registered). */
  signupEmail: { points: 5, durationSec: HOUR },
  /** Forgot-password requests from one address (mail bombing, enumeration). */
  forgotIp: { points: 20, durationSec: HOUR },
  /** Forgot-password requests for one email (mail bombing one inbox). */
  forgotEmail: { points: 5, durationSec: HOUR },
  /** One-click renew links tried from one address (the token is unguessable; this stops probing). */
  renewLinkIp: { points: 30, durationSec: HOUR },
  /** Reset-password attempts from one address: each costs an argon2 hash. */
  resetIp: { points: 20, durationSec: 15 * MINUTE },
  /** Rich-text editor image uploads per signed-in user: enough to write, not to fill a disk. */
  editorImage: { points: 120, durationSec: HOUR },
  /**
   * Image files received per signed-in user on every upload route (ads, editor, logo,
   * categories, testimonials): each costs a decode and three encodes. Counted per file.
   */
  upload: { points: 300, durationSec: HOUR },
  /** New conversations a user starts (reusing one costs nothing): enough to shop, not to spam. */
  conversationsPerUser: { points: 20, durationSec: HOUR },
  /** Messages a user sends, in every conversation together. */
  messagesPerUser: { points: 60, durationSec: MINUTE },
  /** Conversations marked read by a user: an open thread marks each message it receives, so twice the send rate. */
  readsPerUser: { points: 120, durationSec: MINUTE },
  /** Conversation reports a user files. */
  conversationReportsPerUser: { points: 20, durationSec: HOUR },
  /**
   * Password checks on the account page (change password, change email, delete account), per
   * user, counted on every attempt: each costs an argon2 hash, and a stolen session must not be
   * able to guess the password behind it.
   */
  accountPasswordPerUser: { points: 10, durationSec: 15 * MINUTE },
  /** Email-change confirmation mails a user asks for (each goes to an address they name). */
  emailChangePerUser: { points: 5, durationSec: HOUR },
  /** Email-change confirmation links tried from one address (the token is unguessable; this stops probing). */
  emailConfirmIp: { points: 30, durationSec: HOUR },
  /** Plan requests (and free-plan switches) a user makes. */
  planRequestsPerUser: { points: 10, durationSec: HOUR },
  /** Ad reports from one address by signed-out visitors. */
  reportIp: { points: 10, durationSec: HOUR },
  /** Ad reports a signed-in user files. */
  reportsPerUser: { points: 30, durationSec: HOUR },
  /** Reviews written, changed or answered by one user (each is public text about someone). */
  reviewsPerUser: { points: 20, durationSec: HOUR },
  /** The same from one address, across accounts (a crowd of accounts behind one address). */
  reviewsIp: { points: 40, durationSec: HOUR },
  /** Verification mails a user asks to be sent again. */
  verificationResendPerUser: { points: 3, durationSec: HOUR },
  /** Email verification links tried from one address (the token is unguessable; this stops probing). */
  verifyLinkIp: { points: 30, durationSec: HOUR },
  /** Contact Us and FAQ questions sent from one address (each mails the site's team). */
  contactIp: { points: 10, durationSec: HOUR },
  /** Newsletter sign-ups from one address (each may mail a confirmation link). */
  newsletterIp: { points: 20, durationSec: HOUR },
  /** Newsletter sign-ups for one email (mail bombing one inbox with confirmation links). */
  newsletterEmail: { points: 3, durationSec: HOUR },
  /**
   * Invalid newsletter confirm or unsubscribe links from one address (the tokens are
   * unguessable; this stops probing). Valid links never count: mail providers send many
   * one-click unsubscribes from a few addresses.
   */
  newsletterLinkIp: { points: 30, durationSec: HOUR },
} as const satisfies Record<string, TRateLimit>;

/** One mail per conversation and recipient at most this often while their messages stay unread. */
export const MESSAGE_MAIL_INTERVAL_MS = 15 * MINUTE * 1000;

/** Newsletter mails one batch job queues (each with its own delivery row). */
export const NEWSLETTER_BATCH_SIZE = 50;
/** A newsletter confirmation link is valid this long. */
export const NEWSLETTER_CONFIRM_LIFETIME_MS = 7 * 24 * HOUR * 1000;

export type TRateLimitName = keyof typeof RATE_LIMITS;

/** The scale factor from RATE_LIMIT_SCALE (a positive number; anything else means 1). */
export function rateLimitScale(): number {
  return runtimeEnv().rateLimitScale;
}

const KB = 1024;
const MB = 1024 * KB;

/** Largest uploaded image file (api/storage/images.ts checks it again on the bytes). */
export const MAX_IMAGE_BYTES = 10 * MB;
/**
 * Room for the text fields of a multipart form beside its files, and the most one text
 * field may hold: the longest is an ad description of 50,000 characters, at most 3 bytes
 * each in UTF-8 (150 KB); the settings form's five 20,000-character HTML fields fit too.
 */
export const FORM_FIELDS_BYTES = 1 * MB;
export const MAX_FORM_FIELD_BYTES = 256 * KB;
/**
 * Request body limits by kind of route (api/lib/body-limit.ts maps routes to them), checked
 * on Content-Length before anything is read and again on the bytes as they stream in.
 * - JSON: every JSON or urlencoded route without rich text (logins, sign-up, users, plans,
 *   wishlist): their largest real body is a few KB.
 * - rich-text JSON: pages (two 100,000-character fields) and FAQs; 100,000 characters of
 *   non-Latin text are 300 KB in UTF-8, and JSON escapes quotes, so 1 MB.
 * - one image: a form with at most one 10 MB image (editor image, logo, category,
 *   testimonial).
 * - ad form: a 10 MB main image plus a few gallery images; the plan's photo count narrows
 *   it further per request (api/routes/ads.ts).
 */
export const BODY_LIMITS = {
  json: 64 * KB,
  richTextJson: 1 * MB,
  oneImageForm: MAX_IMAGE_BYTES + FORM_FIELDS_BYTES,
  adForm: 40 * MB,
} as const;
/** Deepest nesting of arrays and objects in a JSON request body (the API's go 2 deep). */
export const MAX_JSON_DEPTH = 32;
/** Most object keys in a JSON request body, at any depth (the largest form has about 30). */
export const MAX_JSON_MEMBERS = 1000;
/** Largest request body any route accepts (the ad form). */
export const MAX_BODY_BYTES = BODY_LIMITS.adForm;
// MAX_INPUT_PIXELS (so a 20000×20000 bomb is refused before decoding) and the decode time
// limit sit beside the code that enforces them, api/storage/images.ts, which pulls in sharp;
// tests/api/security-uploads.test.ts, tests/api/hostile-bodies.test.ts and tests/api/streamed-uploads.test.ts check them.
/** Seconds a client is told to wait (Retry-After) when the database is unreachable. */
export const DB_UNAVAILABLE_RETRY_AFTER_SEC = 5;
/** How long /readyz waits for the database before answering 503. */
export const READINESS_TIMEOUT_MS = 2000;
/**
 * How old an editor image (api/services/uploads/upload-editor-image.ts) must be before the
 * sweep may delete it as abandoned when no saved text shows it: longer than anyone keeps a
 * form open between uploading an image into it and saving.
 */
export const EDITOR_IMAGE_GRACE_MS = 24 * HOUR * 1000;
