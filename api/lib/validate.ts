import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { AppError } from '../errors.ts';

/**
 * zValidator whose failures become our 400 `{ success:false, error }` carrying the first
 * issue's message (the SPEC.md §5 text, in the schema's field order).
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new AppError('BAD_REQUEST', issue?.message ?? 'Invalid input.');
    }
  });
}
