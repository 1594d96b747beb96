import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { AppError } from '../errors.ts';

/**
 * What every validation failure becomes: a 400 `{ success:false, error, message }` carrying
 * the first issue's message (the schemas order their fields as the forms show them). The
 * declared routes (api/openapi/route.ts) use it as their default hook, `validate` below for
 * the routes not declared yet.
 */
export function validationHook(
  result: { success: true } | { success: false; error: { issues: readonly { message: string }[] } },
) {
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new AppError('BAD_REQUEST', issue?.message ?? 'Invalid input.');
  }
}

/** zValidator whose failures answer like every other 400 of the API (validationHook). */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, validationHook);
}
