import { z } from '@hono/zod-openapi';

/**
 * Every error the API gives has this shape (api/errors.ts `errorBody`). `error` and `message`
 * carry the same text: older clients read `error`, newer ones `message`. A 503 or 500 may
 * also carry the `requestId` that the server log names; a 400 that is some fields' fault carries `fields`.
 */
export const ZError = z
  .object({
    success: z.literal(false),
    error: z.string().openapi({ example: 'Please login to continue.' }),
    message: z.string().openapi({ example: 'Please login to continue.' }),
    requestId: z.string().optional(),
    fields: z
      .array(
        z.object({
          path: z.string().openapi({ example: 'heading' }),
          message: z.string().openapi({ example: 'Please enter heading.' }),
        }),
      )
      .optional()
      .openapi({
        description:
          '400 answers only (a validation failure, or a refusal that is one field’s fault such as a wrong current password): each wrong field with its message, in the form’s field order, so a form can show every problem under its field. `message` is the first of them.',
      }),
  })
  .openapi('Error');
export type TError = z.infer<typeof ZError>;

/** The statuses an operation may answer with the shared error body. */
export const ERROR_STATUSES = [400, 401, 403, 404, 409, 410, 413, 415, 422, 429, 500, 503] as const;
export type TErrorStatus = (typeof ERROR_STATUSES)[number];

const DESCRIPTIONS: Record<TErrorStatus, string> = {
  400: 'Bad input: the message names the first field that is wrong.',
  401: 'No session, or it has expired.',
  403: 'Not allowed: wrong role, not the owner, or a cross-site request carrying the session cookie.',
  404: 'Not found.',
  409: 'Conflicts with existing data (e.g. the email or slug is taken), or the Idempotency-Key was used for another request or is still in progress.',
  410: 'Gone for good: a moderator removed it.',
  413: 'The request body is too large.',
  415: 'The operation takes a JSON body and got another media type (or a body without Content-Type): send it as JSON with Content-Type: application/json.',
  422: 'The Idempotency-Key was already used for this operation with a different request body: nothing was done. Send the same body to retry, or a new key.',
  429: 'Too many requests: wait for Retry-After seconds.',
  500: 'An unexpected failure; the answer carries the requestId the server log names.',
  503: 'Temporarily unavailable (the database is unreachable or the server is shedding load): retry after Retry-After seconds.',
};

const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' as const } },
};

/** Response entries for `statuses`, all with the shared error body. */
export function errorResponses(statuses: Iterable<TErrorStatus>) {
  const out: Record<number, { description: string; headers?: typeof RETRY_AFTER; content: object }> = {};
  for (const status of [...new Set(statuses)].sort()) {
    out[status] = {
      description: DESCRIPTIONS[status],
      ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
      content: { 'application/json': { schema: ZError } },
    };
  }
  return out;
}
