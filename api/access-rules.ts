import { app } from './app.ts';
import { markOf, type TRouteMark } from './openapi/route-facts.ts';

/**
 * The route table, read from the app's own routes: each route's facts are declared once, in
 * its declareRoute call (api/openapi/route.ts), and travel with it as its first handler. From
 * here come who may call a route (tests/api/access-table.test.ts walks it against the real
 * app), its body limit (api/lib/body-limit.ts), what the short page cache may keep or must
 * forget (api/page-cache/store.ts, api/middleware/session.ts) and the server's
 * never-shed and stream sets (server/admission.ts, through api/site-server-api.ts).
 */
export type TRouteRule = TRouteMark & {
  /** 'METHOD /path' in Hono's pattern: '/api/ads/:id', '/api/user/:id{[0-9]+}'. */
  key: string;
  method: string;
  path: string;
  pattern: RegExp;
};

type TRouted = { routes: readonly { method: string; path: string; handler: unknown }[] };

/** A Hono path pattern as a regular expression over a pathname (its constraints kept). */
function patternOf(path: string): RegExp {
  const source = path
    .split(/(:\w+(?:\{[^}]*\})?)/)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      const constraint = /\{([^}]*)\}/.exec(part)?.[1];
      return constraint ? `(?:${constraint})` : '[^/]+';
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * Every route `routed` serves ('METHOD /path'; middleware, registered for ALL, left out) with
 * its facts, in the order the app tries them; `undefined` for a route registered without
 * declareRoute.
 */
export function routeMarks(routed: TRouted): Map<string, TRouteMark | undefined> {
  const marks = new Map<string, TRouteMark | undefined>();
  for (const r of routed.routes) {
    if (r.method === 'ALL') continue;
    const key = `${r.method} ${r.path}`;
    // A route's handlers are listed one by one, its mark first: the first answer holds.
    if (!marks.has(key)) marks.set(key, markOf(r.handler));
  }
  return marks;
}

/** Routes served without a declaration (none may be: tests/api/route-facts.test.ts). */
export function undeclaredRoutes(routed: TRouted): string[] {
  return [...routeMarks(routed)].filter(([, mark]) => !mark).map(([key]) => key);
}

/** The declared routes of `routed`, in the order the app tries them. */
export function routeRules(routed: TRouted): TRouteRule[] {
  return [...routeMarks(routed)].flatMap(([key, mark]) => {
    if (!mark) return [];
    const [method = '', path = ''] = key.split(' ');
    return [{ ...mark, key, method, path, pattern: patternOf(path) }];
  });
}

type TTable = { rules: TRouteRule[]; byMethod: Map<string, TRouteRule[]>; found: Map<string, TRouteRule | null> };
let table: TTable | undefined;

/** The process's app's routes (the app is fixed once created). */
function routeTable(): TTable {
  if (!table) {
    const rules = routeRules(app());
    const byMethod = new Map<string, TRouteRule[]>();
    for (const rule of rules) byMethod.set(rule.method, [...(byMethod.get(rule.method) ?? []), rule]);
    table = { rules, byMethod, found: new Map() };
  }
  return table;
}

/** Every declared route of the app, in the order it tries them. */
export function accessRules(): TRouteRule[] {
  return routeTable().rules;
}

/**
 * The route that answers `method` on `pathname` (normalised, without the query), as the app
 * picks it: the first declared route whose method and pattern match. Remembered per path (a
 * site is asked for few distinct ones; the memory is bounded).
 */
export function routeFor(method: string, pathname: string): TRouteRule | undefined {
  const { byMethod, found } = routeTable();
  const m = method.toUpperCase();
  const key = `${m} ${pathname}`;
  let rule = found.get(key);
  if (rule === undefined) {
    rule = byMethod.get(m)?.find((r) => r.pattern.test(pathname)) ?? null;
    if (found.size >= 2000) found.clear();
    found.set(key, rule);
  }
  return rule ?? undefined;
}

/** Is `pathname` (normalised, without the query) a read whose answer is the same for everyone? */
export function isSharedRead(pathname: string): boolean {
  return routeFor('GET', pathname)?.pageCache === 'shared';
}

/** Does this write change only the caller's own private state (`keeps` the page cache)? */
export function isPersonalWrite(method: string, pathname: string): boolean {
  return routeFor(method, pathname)?.pageCache === 'keeps';
}

/**
 * The load shedder's sets (server/admission.ts): paths never refused, and endless
 * streams that hold no place among the requests in flight. Such routes have fixed paths.
 */
export function loadSets(): { neverShed: string[]; streams: string[] } {
  const rules = accessRules();
  return {
    neverShed: rules.filter((r) => r.load === 'never-shed').map((r) => r.path),
    streams: rules.filter((r) => r.load === 'stream').map((r) => r.path),
  };
}
