import type { MiddlewareHandler } from 'hono';
import type { BODY_LIMITS, TRateLimitName } from '../lib/limits.ts';

/**
 * Who may call a route: `public` needs no session; `user` any signed-in user, on their own
 * data; `owner` a signed-in user on a record they own (others get 403/404; admins any);
 * `admin` the admin role (a customer gets 403).
 */
export type TAccess = 'public' | 'user' | 'owner' | 'admin';

/**
 * The most a request body may hold (api/lib/body-limit.ts): a kind of BODY_LIMITS, or `none`
 * for a GET, whose body is never read. A write without a body of its own still says `json`:
 * a body sent anyway is read up to that limit.
 */
export type TBodyLimit = keyof typeof BODY_LIMITS | 'none';

/**
 * How the production server's load shedder treats the route (server/admission.ts):
 * `counted` among the requests in flight and refused under load; `stream` an endless answer
 * (Server-Sent Events) that holds no place among them, refused only by a late event loop;
 * `never-shed` answered even when everything else is refused (liveness).
 */
export type TLoad = 'counted' | 'stream' | 'never-shed';

/**
 * The short page cache (api/page-cache/). A GET is `shared` when its answer is
 * the same for every caller, signed in or not (the cache may answer it for anyone), else
 * `private`. A write `keeps` the cache when it changes only the caller's own private state
 * (a session, a password, a wishlist: nothing a cached answer shows), else it `empties` it.
 */
export type TPageCache = 'shared' | 'private' | 'keeps' | 'empties';

/** The facts every route declares beside its OpenAPI description (declareRoute). */
export type TRouteFacts = {
  access: TAccess;
  bodyLimit: TBodyLimit;
  /** The rate limits (api/lib/limits.ts RATE_LIMITS) a request counts against; [] for none. */
  rateLimits: readonly TRateLimitName[];
  load: TLoad;
  pageCache: TPageCache;
};

/** The facts with what the route table also reads from the declaration. */
export type TRouteMark = TRouteFacts & {
  operationId: string;
  /** The body is a multipart form, read as a stream (api/lib/multipart.ts). */
  multipart: boolean;
  /** The success statuses it declares (a 303 alone: a redirect). */
  statuses: number[];
};

const MARK = Symbol('routeMark');

/**
 * The route's first handler: it does nothing but carry the route's facts, so the app's own
 * route list (app.routes: method, full path, handler) is where they are read from
 * (api/access-rules.ts). Whatever mounts the route, under whatever prefix, the facts go along.
 */
export function markRoute(mark: TRouteMark): MiddlewareHandler {
  const pass: MiddlewareHandler = (_c, next) => next();
  return Object.assign(pass, { [MARK]: mark });
}

/** The facts a route's handler carries, if it is a mark. */
export function markOf(handler: unknown): TRouteMark | undefined {
  return typeof handler === 'function' ? (handler as { [MARK]?: TRouteMark })[MARK] : undefined;
}
