import type { Context, MiddlewareHandler } from 'hono';
import { errorBody } from '../errors.ts';
import { BODY_LIMITS } from './limits.ts';

export const BODY_TOO_LARGE = 'The request is too large.';

/**
 * Routes whose bodies may be larger than BODY_LIMITS.json, by method and path (the app's
 * /api base included). Everything else, known route or not, gets the JSON limit, so a new
 * route is small by default and has to be listed here to take more.
 */
const LARGER_BODIES: { method: string; path: RegExp; limit: number; streamed: boolean }[] = [
  { method: 'POST', path: /^\/api\/ads\/(?:add|update)$/, limit: BODY_LIMITS.adForm, streamed: true },
  { method: 'POST', path: /^\/api\/uploads\/image$/, limit: BODY_LIMITS.oneImageForm, streamed: true },
  { method: 'POST', path: /^\/api\/update-settings$/, limit: BODY_LIMITS.oneImageForm, streamed: true },
  { method: 'POST', path: /^\/api\/category\/add-edit$/, limit: BODY_LIMITS.oneImageForm, streamed: true },
  { method: 'POST', path: /^\/api\/testimonials$/, limit: BODY_LIMITS.oneImageForm, streamed: true },
  { method: 'PUT', path: /^\/api\/testimonials\/[^/]+$/, limit: BODY_LIMITS.oneImageForm, streamed: true },
  { method: 'POST', path: /^\/api\/(?:pages|faqs)$/, limit: BODY_LIMITS.richTextJson, streamed: false },
  { method: 'PUT', path: /^\/api\/(?:pages|faqs)\/[^/]+$/, limit: BODY_LIMITS.richTextJson, streamed: false },
];

/** The body limit of a request, and whether its route reads the body as a stream. */
export function bodyLimitFor(method: string, path: string): { limit: number; streamed: boolean } {
  const m = method.toUpperCase();
  const route = LARGER_BODIES.find((r) => r.method === m && r.path.test(path));
  return route ? { limit: route.limit, streamed: route.streamed } : { limit: BODY_LIMITS.json, streamed: false };
}

/** What a counted body stream fails with once more than its limit has arrived. */
export class BodyTooLargeError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`request body over ${limit} bytes`);
    this.limit = limit;
    this.name = 'BodyTooLargeError';
  }
}

/** A pass-through stream that fails with BodyTooLargeError once more than `limit` bytes pass. */
export function countingStream(limit: number): TransformStream<Uint8Array, Uint8Array> {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) controller.error(new BodyTooLargeError(limit));
      else controller.enqueue(chunk);
    },
  });
}

const tooLarge = (c: Context) => c.json(errorBody(BODY_TOO_LARGE), 413);

/**
 * Bounds the body of every request before anything reads it. A Content-Length over the
 * route's limit is refused at once. Otherwise the bytes are counted as they arrive (a
 * chunked body has no length to check): small bodies are read here, up to the limit, and
 * refused the moment they pass it; the upload routes get a counted stream instead, which
 * api/lib/multipart.ts reads part by part and turns into a 413 when it fails.
 */
export const limitBody: MiddlewareHandler = async (c, next) => {
  const raw = c.req.raw;
  if (!raw.body || raw.method === 'GET' || raw.method === 'HEAD') return next();
  const { limit, streamed } = bodyLimitFor(raw.method, c.req.path);
  const declared = raw.headers.get('content-length');
  if (declared !== null && !raw.headers.has('transfer-encoding')) {
    const length = Number(declared);
    if (!/^\d+$/.test(declared.trim()) || !Number.isSafeInteger(length)) {
      return c.json(errorBody('The request body could not be read.'), 400);
    }
    if (length > limit) return tooLarge(c);
  }
  if (streamed) {
    c.req.raw = new Request(raw, { body: raw.body.pipeThrough(countingStream(limit)), duplex: 'half' } as RequestInit);
    return next();
  }
  const reader = raw.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let part: ReadableStreamReadResult<Uint8Array>;
    try {
      part = await reader.read();
    } catch {
      return c.json(errorBody('The request body could not be read.'), 400);
    }
    if (part.done) break;
    size += part.value.byteLength;
    if (size > limit) {
      // Stop pulling: the rest is never read into memory.
      reader.cancel().catch(() => {});
      return tooLarge(c);
    }
    chunks.push(part.value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  c.req.raw = new Request(raw, { body });
  return next();
};
