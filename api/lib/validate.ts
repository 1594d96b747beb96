import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { AppError, type TFieldProblem } from '../errors.ts';

/**
 * What every validation failure becomes: a 400 `{ success:false, error, message }` carrying
 * the first issue's message (the schemas order their fields as the forms show them), and
 * `fields`: each field's first problem, `{ path, message }`, for forms to show under the
 * fields (docs/API.md, Errors). The
 * declared routes (api/openapi/route.ts) use it as their default hook, `validate` below for
 * the routes not declared yet.
 */
export function validationHook(result: { success: true } | { success: false; error: { issues: readonly TIssue[] } }) {
  if (!result.success) throw validationError(result.error.issues);
}

type TIssue = { message: string; path?: readonly PropertyKey[] };

/** The 400 for a failed parse: the first issue's message, and every field's problem in `fields`. */
export function validationError(issues: readonly TIssue[]): AppError {
  return new AppError('BAD_REQUEST', issues[0]?.message ?? 'Invalid input.', { fields: fieldProblems(issues) });
}

/** Each field's first issue as `{ path, message }` (path dotted: `features.0.value`), in order. */
export function fieldProblems(issues: readonly TIssue[]): TFieldProblem[] {
  const out: TFieldProblem[] = [];
  for (const issue of issues) {
    const path = (issue.path ?? []).map(String).join('.');
    if (path && !out.some((p) => p.path === path)) out.push({ path, message: issue.message });
  }
  return out;
}

/** zValidator whose failures answer like every other 400 of the API (validationHook). */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, validationHook);
}
