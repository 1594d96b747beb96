import type { ContentfulStatusCode } from 'hono/utils/http-status';

const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type TErrorCode = keyof typeof STATUS;

/** The one error type services throw; api/app.ts turns it into `{ success:false, error, message }`. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly headers: Record<string, string>;
  constructor(code: TErrorCode, message: string, options: { headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.headers = options.headers ?? {};
  }
  get status(): ContentfulStatusCode {
    return STATUS[this.code];
  }
}

export function errorBody(message: string) {
  return { success: false as const, error: message, message };
}
