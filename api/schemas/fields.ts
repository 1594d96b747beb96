import './zod-setup.ts';
import { z } from 'zod';

/** A required text field whose empty (or missing) value gives `message`. */
export function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters.`);
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
