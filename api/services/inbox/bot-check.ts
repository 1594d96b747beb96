import { AppError } from '../../errors.ts';

/**
 * The public forms' bot filter, before anything is stored or counted: the honeypot, a field
 * people never see (hidden with CSS, off the tab order) that form-filling scripts fill in. Such
 * a submission of the contact, FAQ or report forms gets the normal success answer and is
 * dropped, so the script learns nothing. Returns false for it.
 *
 * There is no minimum fill time: it refused quick people and browser autofill, and stopped no
 * script (a script simply left the client-measured time out). What stops a script is the
 * per-address and per-account rate limits of each route.
 */
export function passesBotCheck({ website }: { website: string }): boolean {
  return website.trim() === '';
}

export const SIGNUP_REFUSED = 'We could not create your account. Please try again.';

/**
 * Sign-up's bot filter: the same honeypot. A filled honeypot is refused with a plain 400 rather
 * than a pretend success, since a real sign-up answers a session.
 */
export function assertSignupIsHuman(input: { website: string }) {
  if (!passesBotCheck(input)) throw new AppError('BAD_REQUEST', SIGNUP_REFUSED);
}
