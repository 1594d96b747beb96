import { MIN_FORM_FILL_MS, SIGNUP_MIN_FILL_MS } from '../../constants/inbox.ts';
import { AppError } from '../../errors.ts';
import { INBOX_MESSAGES } from '../../schemas/inbox.ts';

/**
 * The contact forms' cheap bot filters, before anything is stored or counted:
 * - the honeypot: a field people never see (hidden with CSS, off the tab order) that form-filling
 *   scripts fill in. Such a submission gets the normal success answer and is dropped, so the
 *   script learns nothing. Returns false for it.
 * - the minimum fill time: a form sent sooner than MIN_FORM_FILL_MS after it appeared was not
 *   typed by a person. That one is refused with 400 and a friendly sentence, because a person
 *   whose browser filled the form in at once can simply send it again.
 * `fillMs` is measured by the page; API clients that do not send it are limited by the
 * per-address rate limit alone.
 */
export function passesBotCheck(
  { website, fillMs }: { website: string; fillMs?: number },
  minFillMs = MIN_FORM_FILL_MS,
  tooFast: string = INBOX_MESSAGES.tooFast,
): boolean {
  if (website.trim() !== '') return false;
  if (fillMs !== undefined && fillMs < minFillMs) throw new AppError('BAD_REQUEST', tooFast);
  return true;
}

export const SIGNUP_REFUSED = 'We could not create your account. Please try again.';
export const SIGNUP_TOO_FAST = 'That was quick! Please check the form and send it again.';

/**
 * Sign-up's bot filters: the same honeypot and (shorter) fill time. A filled honeypot is refused
 * with a plain 400 rather than a pretend success, since a real sign-up answers a session.
 */
export function assertSignupIsHuman(input: { website: string; fillMs?: number }) {
  if (!passesBotCheck(input, SIGNUP_MIN_FILL_MS, SIGNUP_TOO_FAST)) throw new AppError('BAD_REQUEST', SIGNUP_REFUSED);
}
