import type { Hono } from 'hono';
import type { AppType } from '../../api/app.ts';

/** Every operation of the app by route (`/api/ads/:id`) and method (`$get`), as the compiler sees it. */
type TSchema = AppType extends Hono<infer _E, infer S, infer _B> ? S : never;
export type TRoute = keyof TSchema & string;
export type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `/api/ads/:id` → `/api/ads/${string}`: the concrete paths a route answers. */
type TPattern<R extends string> = R extends `${infer Head}/:${string}/${infer Tail}`
  ? `${Head}/${string}/${TPattern<Tail>}`
  : R extends `${infer Head}/:${string}`
    ? `${Head}/${string}`
    : R;

/** Every path the API answers, with or without a query string: a typo in a path fails the build. */
export type TApiPath = TPattern<TRoute> | `${TPattern<TRoute>}?${string}`;

/** The path without its query string. */
type TBare<P extends string> = P extends `${infer Path}?${string}` ? Path : P;

/** The route a concrete path belongs to: a literal route first, so `/api/ads/add` is not `/api/ads/:id`. */
export type TRouteOf<P extends string> =
  TBare<P> extends TRoute ? TBare<P> : { [R in TRoute]: TBare<P> extends TPattern<R> ? R : never }[TRoute];

type TOutput<R, M extends TMethod> = R extends TRoute
  ? TSchema[R] extends infer Ops
    ? `$${Lowercase<M>}` extends keyof Ops
      ? Ops[`$${Lowercase<M>}`] extends infer Op
        ? Op extends { output: infer O }
          ? O
          : never
        : never
      : never
    : never
  : never;

/** What the API answers `M path` with (every declared status), derived from the app's routes. */
export type TAnswer<P extends string, M extends TMethod = 'GET'> =
  string extends TBare<P> ? TAnyAnswer : TApiPath extends P ? TAnyAnswer : TOutput<TRouteOf<P>, M>;

/** The answer of a path only known at run time (a shared list or form component's). */
type TAnyAnswer = { success: true; [key: string]: unknown };
