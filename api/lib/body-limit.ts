import type { Context, MiddlewareHandler } from 'hono';
import { routeFor } from '../access-rules.ts';
import { errorBody } from '../errors.ts';
import { jsonShape } from './json-text.ts';
import { BODY_LIMITS, MAX_JSON_DEPTH, MAX_JSON_MEMBERS } from './limits.ts';

export const BODY_TOO_LARGE = 'The request is too large.';
export const BODY_TOO_DEEP = 'The request body is nested too deeply.';
export const BODY_TOO_MANY_KEYS = 'The request body has too many fields.';

const isJson = (type: string | null) => !!type && /^application\/(?:[a-z0-9.-]+\+)?json\b/i.test(type.trim());

/**
 * The body limit of a request, and whether its route reads the body as a stream: the
 * `bodyLimit` its route declares (declareRoute), streamed when the body is a multipart form.
 * A path no route answers gets the JSON limit, and so does a write declaring none.
 */
export function bodyLimitFor(method: string, path: string): { limit: number; streamed: boolean } {
  const route = routeFor(method, path);
  if (!route || route.bodyLimit === 'none') return { limit: BODY_LIMITS.json, streamed: false };
  return { limit: BODY_LIMITS[route.bodyLimit], streamed: route.multipart };
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

/**
 * The request body, counted: fails with BodyTooLargeError once more than `limit` bytes have
 * arrived. The source is never cancelled, only let go: Node's Request body over a socket
 * (undici's stream from an async iterable) throws an uncatchable "already closed" error when
 * cancelled while a read is pending, so a refused upload just stops being read, and the
 * socket's unread bytes go with the connection.
 */
export function countedBody(source: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let seen = 0;
  const letGo = () => {
    try {
      reader.releaseLock();
    } catch {}
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let part: ReadableStreamReadResult<Uint8Array>;
      try {
        part = await reader.read();
      } catch (err) {
        letGo();
        return controller.error(err);
      }
      if (part.done) return controller.close();
      seen += part.value.byteLength;
      if (seen > limit) {
        letGo();
        return controller.error(new BodyTooLargeError(limit));
      }
      controller.enqueue(part.value);
    },
    cancel: letGo,
  });
}

const tooLarge = (c: Context) => c.json(errorBody(BODY_TOO_LARGE), 413);

/**
 * Bounds the body of every request before anything reads it. A Content-Length over the
 * route's limit is refused at once. Otherwise the bytes are counted as they arrive (a
 * chunked body has no length to check): small bodies are read here, up to the limit, and
 * refused the moment they pass it; the upload routes get a counted stream instead
 * (countedBody), which api/lib/multipart.ts reads part by part and turns into a 413.
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
    c.req.raw = new Request(raw, { body: countedBody(raw.body, limit), duplex: 'half' } as RequestInit);
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
      reader.releaseLock();
      return c.json(errorBody('The request body could not be read.'), 400);
    }
    if (part.done) break;
    size += part.value.byteLength;
    if (size > limit) {
      // Stop reading (see countedBody for why not cancel): the rest never reaches memory.
      reader.releaseLock();
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
  // JSON.parse spends ~0.2 s on a megabyte of `[[[…]]]`, or of `{"k1":0,"k2":0…}`, before a
  // schema can refuse it. No body of this API nests more than a few levels or has more than
  // a few dozen keys, so such bodies stop here, in one pass that ends at the first excess.
  if (isJson(raw.headers.get('content-type'))) {
    const shape = jsonShape(body, { depth: MAX_JSON_DEPTH, members: MAX_JSON_MEMBERS });
    if (shape.depth > MAX_JSON_DEPTH) return c.json(errorBody(BODY_TOO_DEEP), 400);
    if (shape.members > MAX_JSON_MEMBERS) return c.json(errorBody(BODY_TOO_MANY_KEYS), 400);
  }
  c.req.raw = new Request(raw, { body });
  return next();
};
