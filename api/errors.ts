import type { ContentfulStatusCode } from 'hono/utils/http-status';

const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_ENTITY: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type TErrorCode = keyof typeof STATUS;

/** One field's problem in a validation answer: the field's path (dotted) and its message. */
export type TFieldProblem = { path: string; message: string };

/** The one error type services throw; api/app.ts turns it into `{ success:false, error, message }`. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly headers: Record<string, string>;
  /** A validation failure's problems, one per field, in the schema's order (the body's `fields`). */
  readonly fields?: TFieldProblem[];
  constructor(
    code: TErrorCode,
    message: string,
    options: { headers?: Record<string, string>; fields?: TFieldProblem[] } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.headers = options.headers ?? {};
    this.fields = options.fields;
  }
  get status(): ContentfulStatusCode {
    return STATUS[this.code];
  }
}

/**
 * The error body. `fields` (a validation failure, or a refusal that is one field's fault such
 * as a wrong current password) names each wrong field with its message, so a form can show
 * every problem under its field; `message` stays the first one.
 */
export function errorBody(message: string, fields?: TFieldProblem[]) {
  return { success: false as const, error: message, message, ...(fields?.length ? { fields } : {}) };
}
