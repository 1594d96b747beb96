import { createApp } from '../../api/app.ts';
import { createSession } from '../../api/auth/session.ts';
import type { TRole, TSubscription } from '../../api/db/schema/index.ts';
import { createUser } from '../../api/services/users/create-user.ts';
import type { TApiError } from '../../src/lib/api.ts';
import type { TAnswer, TMethod } from '../../src/lib/api-types.ts';
import { checkAnswer } from './contract.ts';

const app = createApp();

export type TCall = {
  token?: string;
  cookie?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
};

/**
 * Calls the real app (real middleware) with app.request(); returns status, headers and JSON.
 * Every JSON answer of a declared operation is checked against the response the OpenAPI
 * document declares for its status (tests/helpers/contract.ts): a drifting answer throws, so
 * the test that received it fails.
 */
export async function call(method: string, path: string, options: TCall = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof options.json === 'string' ? options.json : JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  const url = `http://localhost${path.startsWith('/api') ? path : `/api${path}`}`;
  const res = await app.request(url, {
    method,
    headers,
    body,
  });
  const text = await bodyText(res);
  let data: any;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  const json = (res.headers.get('content-type') ?? '').includes('json') && typeof data === 'object';
  checkAnswer(app, { method, url, status: res.status, json, data });
  return { status: res.status, headers: res.headers, data };
}

/** The body as text; of an endless event stream, its first chunk (then the stream is closed). */
async function bodyText(res: Response): Promise<string> {
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream') || !res.body) return res.text();
  const reader = res.body.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}

/** A test path as call() takes it (`/ads` or `/api/ads`), as the app's routes name it. */
type TApiPath<P extends string> = P extends `/api${string}` ? P : `/api${P}`;

/**
 * call() with the answer typed from the app's routes for this method and path, the same types
 * the browser's apiFetch gets: a test reading a field the route does not declare fails to
 * compile. The answer is still checked against the OpenAPI document at run time.
 */
export async function typedCall<M extends TMethod, P extends string>(method: M, path: P, options: TCall = {}) {
  const res = await call(method, path, options);
  return res as { status: number; headers: Headers; data: TAnswer<TApiPath<P>, M> | TApiError };
}

let counter = 0;
/**
 * A user of the given role with a live session; returns the bearer token too. Verified unless
 * `verified: false` (then the verification mail is queued, as at sign-up).
 */
export async function makeUser(
  options: { role?: TRole; subscription?: TSubscription; name?: string; verified?: boolean } = {},
) {
  counter += 1;
  const password = 'secret123';
  const user = await createUser({
    name: options.name ?? `User ${counter}`,
    email: `user${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    password,
    role: options.role ?? 'customer',
    subscription: options.subscription ?? 'free',
    verified: options.verified ?? true,
  });
  const { token } = await createSession({ userId: user.id });
  return { user, token, password };
}
