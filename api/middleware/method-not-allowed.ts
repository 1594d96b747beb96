import type { Context } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { errorBody } from '../errors.ts';

/** The methods a route can be registered with (HEAD follows GET; OPTIONS is answered here). */
const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Pages answer only reads (forms post to /api); OPTIONS says so. */
export const PAGE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

export const METHOD_NOT_ALLOWED = 'This method is not allowed here.';

type TRoute = { method: string; path: string };

let built: { routes: TRoute[]; count: number; router: TrieRouter<string> } | undefined;

function routerFor(routes: TRoute[]): TrieRouter<string> {
  if (built?.routes === routes && built.count === routes.length) return built.router;
  const router = new TrieRouter<string>();
  for (const r of routes) {
    // Middleware (app.use) is registered as ALL and says nothing about which methods exist.
    if ((ROUTE_METHODS as readonly string[]).includes(r.method)) router.add(r.method, r.path, r.method);
  }
  built = { routes, count: routes.length, router };
  return router;
}

/** The methods `path` answers to, as an Allow header value, or null when no route has the path. */
export function allowedMethods(routes: TRoute[], path: string): string | null {
  const router = routerFor(routes);
  const found = ROUTE_METHODS.filter((m) => router.match(m, path)[0].length > 0);
  if (found.length === 0) return null;
  const allow: string[] = [...found];
  if (found.includes('GET')) allow.splice(1, 0, 'HEAD');
  allow.push('OPTIONS');
  return allow.join(', ');
}

/**
 * For the API's not-found handler: a path that exists under other methods answers 405 with the
 * methods it has in `Allow` (OPTIONS: 204 with the same header), instead of a 404 that would
 * say the path does not exist. Null when no route has the path.
 */
export function methodNotAllowed(c: Context, routes: TRoute[]): Response | null {
  const allow = allowedMethods(routes, c.req.path);
  if (!allow) return null;
  c.header('Allow', allow);
  if (c.req.method === 'OPTIONS') return c.body(null, 204);
  return c.json(errorBody(METHOD_NOT_ALLOWED), 405);
}
