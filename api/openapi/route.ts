import { createHash } from 'node:crypto';
import { createRoute, OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { MAX_IMAGE_BYTES } from '../lib/limits.ts';
import { validationHook } from '../lib/validate.ts';
import { errorResponses, type TErrorStatus } from './errors.ts';
import { markRoute, type TRouteFacts } from './route-facts.ts';

export type { TAccess, TRouteFacts } from './route-facts.ts';

/** Names of the two ways to send a session (components.securitySchemes in the document). */
export const COOKIE_SESSION = 'cookieSession';
export const BEARER_SESSION = 'bearerSession';

/** Either a session cookie or a bearer token (the same token) authenticates a call. */
const SESSION_SECURITY: Record<string, string[]>[] = [{ [COOKIE_SESSION]: [] }, { [BEARER_SESSION]: [] }];

/**
 * One declaration per route: its OpenAPI description and its facts (TRouteFacts: access,
 * body limit, rate limits, load, page cache), every one required. The access-rule table, the
 * body limits, the page cache's rules and the server's never-shed and stream sets are all
 * read from the app's routes (api/access-rules.ts); nothing else lists a route.
 * `owner` operations add their 403/404 through `errors`.
 */
export type TRouteSpec = Omit<RouteConfig, 'security' | 'operationId' | 'summary' | 'tags'> &
  TRouteFacts & {
    /** camelCase verb + noun, unique across the API. */
    operationId: string;
    summary: string;
    tags: [string, ...string[]];
    /** Errors the operation gives beyond those its access, input, method and rate limits imply. */
    errors?: TErrorStatus[];
  };

/**
 * Every POST accepts an Idempotency-Key (api/middleware/idempotency.ts, which checks it): a
 * retry with the same key and body gets the first answer again instead of doing the work twice.
 * Each operation shows an example key of its own (a UUID made from its operationId): a client
 * copying the examples would otherwise send one key to several routes and meet 409s.
 */
function idempotencyHeaders(operationId: string) {
  const hex = createHash('sha256').update(operationId).digest('hex');
  const example = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  return z.object({
    'Idempotency-Key': z.string().min(1).max(255).optional().openapi({
      description:
        'Makes the request safe to retry: a retry with the same key and the same body returns the first answer (header Idempotent-Replayed: true) and stores nothing new; the same key with another body is a 422. 1 to 255 visible ASCII characters; a new key (e.g. a UUID) for each new request.',
      example,
    }),
  });
}

const SAFE_METHODS = new Set(['get', 'head', 'options']);

/**
 * The errors any operation of this shape can give, so route files list only the unusual
 * ones: 400 when it reads input, 401/403 from its access rule, 403 from the cross-site check
 * on every write (api/middleware/origin-check.ts), 404 when a path names a record, 413/415
 * when it takes a body (body limit, media type), 429 when it takes files (upload rate
 * limit, or a rate limit it declares), 400/409/422 on a POST (its Idempotency-Key),
 * 503 everywhere (database unreachable or load shed) and 500 (an unexpected failure).
 */
export function impliedErrors(
  spec: Pick<TRouteSpec, 'method' | 'request' | 'access'> & Partial<Pick<TRouteSpec, 'rateLimits'>>,
): TErrorStatus[] {
  const statuses: TErrorStatus[] = [500, 503];
  const request = spec.request;
  if (request?.params || request?.query || request?.body || request?.headers || request?.cookies) statuses.push(400);
  if (spec.access !== 'public') statuses.push(401);
  if (spec.access === 'admin' || !SAFE_METHODS.has(spec.method)) statuses.push(403);
  if (request?.params) statuses.push(404);
  // The body limit (api/lib/body-limit.ts) reads every write's body, declared or not: a POST
  // without a body of its own still answers 413 to an oversized one.
  if (request?.body || !SAFE_METHODS.has(spec.method)) statuses.push(413);
  if (request?.body && validatesBody(request.body)) statuses.push(415);
  // Every file of a form counts against the caller's upload rate limit (api/lib/multipart.ts).
  if (request?.body?.content?.['multipart/form-data']) statuses.push(429);
  // Its declared rate limits.
  if (spec.rateLimits?.length) statuses.push(429);
  // Its Idempotency-Key: malformed (400), another route's or still running (409), or used
  // with another body (422).
  if (spec.method === 'post') statuses.push(400, 409, 422);
  return statuses;
}

/**
 * Whether the library checks this body (its media type, then the schema): only a Zod schema
 * is checked. A multipart body (multipartBody below) is described only, and its handler
 * answers a body it cannot read with 400.
 */
function validatesBody(body: NonNullable<RouteConfig['request']>['body']): boolean {
  return Object.values(body?.content ?? {}).some(
    (media) => typeof (media as { schema?: { safeParse?: unknown } }).schema?.safeParse === 'function',
  );
}

/**
 * createRoute with the project's conventions filled in: the security requirement from
 * `access`, and every error response (shared error schema) the operation can give. A
 * response the spec declares itself for an error status (e.g. readiness's 503) wins. The
 * route's facts go with it as its first middleware (markRoute), where the app's route list
 * finds them; they never reach the document.
 */
export function declareRoute<const R extends TRouteSpec>(spec: R) {
  const { access, bodyLimit, rateLimits, load, pageCache, errors = [], ...config } = spec;
  const mark = markRoute({
    access,
    bodyLimit,
    rateLimits,
    load,
    pageCache,
    operationId: config.operationId,
    multipart: !!config.request?.body?.content?.['multipart/form-data'],
    statuses: Object.keys(config.responses)
      .map(Number)
      .filter((status) => status < 400),
  });
  const route: Omit<R, 'access' | 'errors' | keyof TRouteFacts> = {
    ...config,
    // The type stays the spec's own: the mark changes no request's or answer's type.
    middleware: [mark, ...[config.middleware ?? []].flat()] as unknown as R['middleware'],
    ...(config.method === 'post' && !config.request?.headers
      ? { request: { ...config.request, headers: idempotencyHeaders(config.operationId) } }
      : {}),
    security: access === 'public' ? [] : SESSION_SECURITY,
    responses: { ...errorResponses([...impliedErrors(spec), ...errors]), ...config.responses },
  };
  return createRoute(route);
}

/**
 * A sub-app whose validation failures answer like every other 400 of the API (the first
 * issue's message), whether or not it is mounted under the root app.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

/** One JSON response entry of an operation. */
export function jsonResponse<T extends z.ZodType>(description: string, schema: T) {
  return { description, content: { 'application/json': { schema } } } as const;
}

/**
 * A required JSON request body. Required matters: an optional one lets a request without a
 * JSON Content-Type through unvalidated.
 */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } } as const;
}

/**
 * A multipart/form-data body, described for the document only. Its text fields are `fields`
 * (the schema the handler's readMultipart validates them with, as the form sends them) and
 * its files are `files` (field name → one file, or `many` repeated). The schema is given as plain JSON
 * Schema, not Zod, so the library neither checks the media type nor validates the body: that
 * would buffer the whole upload, which readMultipart streams and stops at the first file over
 * its limit.
 */
export function multipartBody(fields: z.ZodType, files: Record<string, { many?: true; description: string }> = {}) {
  const { $schema: _, ...schema } = z.toJSONSchema(fields, { io: 'input', unrepresentable: 'any' }) as {
    $schema?: string;
    properties?: Record<string, unknown>;
  };
  // Every file a form takes is an image, checked by its content (api/storage/images.ts).
  const binary = {
    type: 'string',
    contentMediaType: 'application/octet-stream',
    description: `An image: JPEG, PNG, WebP, GIF or AVIF, at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
  } as const;
  const fileProperties = Object.fromEntries(
    Object.entries(files).map(([name, { many, description }]) => [
      name,
      many
        ? { type: 'array', items: binary, description }
        : { ...binary, description: `${description} ${binary.description}` },
    ]),
  );
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          ...schema,
          type: 'object',
          // JSON Schema from Zod's own converter; the OpenAPI types cannot see that.
          properties: { ...schema.properties, ...fileProperties } as Record<string, { type?: 'string' }>,
        },
      },
    },
  } as const;
}
