import './zod-setup.ts';
import { z } from 'zod';
import { FIELD_MAX } from '../constants/field-limits.ts';

/** A required text field whose empty (or missing) value gives `message`. */
export function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters.`);
}

/** The longest address any email field takes (RFC 5321's path limit). */
export const EMAIL_MAX = FIELD_MAX.email;

/**
 * Every email field of the API: required (`required` when empty), at most EMAIL_MAX
 * characters, a valid address (`format`), stored lower-case.
 */
export function requiredEmail(required: string, format: string) {
  return requiredText(required, EMAIL_MAX)
    .pipe(z.email(format))
    .transform((v) => v.toLowerCase());
}

export function optionalText(max = 2000) {
  return z.string().trim().max(max, `Must be at most ${max} characters.`).optional().default('');
}

/** An id in a path or body: a positive 32-bit integer. */
export const ZId = z.coerce
  .number({ error: 'Invalid id.' })
  .int('Invalid id.')
  .positive('Invalid id.')
  .max(2_147_483_647, 'Invalid id.');

export const ZIdParam = z.object({ id: ZId });
