import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { TrieRouter } from 'hono/router/trie-router';
import type { createApp } from '../../api/app.ts';
import { openApiDocument, toDocumentPath } from '../../api/openapi/document.ts';
import { UNDOCUMENTED_ROUTES } from '../../api/routes/saved-searches.ts';

type TApp = ReturnType<typeof createApp>;
type TResponseEntry = { content?: Record<string, { schema?: unknown }> };
type TDocument = { paths: Record<string, Record<string, { responses?: Record<string, TResponseEntry> }>> };

/** The document as the API tests see it; the same object GET /api/openapi.json answers with. */
export function documentOf(app: TApp): TDocument {
  return openApiDocument(app) as unknown as TDocument;
}

/** A routing pattern (`/api/user/:id{[0-9]+}`) as its path in the document (`/api/user/{id}`). */
export function documentPath(routingPath: string): string {
  return toDocumentPath(routingPath.replace(/:(\w+)(\{[^/]*\})?/g, '{$1}'));
}

const routers = new WeakMap<TApp, TrieRouter<string>>();

/**
 * The routing pattern of the route that answers `method` `pathname`: the first registered one
 * that matches, as Hono's router picks it (so /api/user/me is auth's route, never the
 * digits-only /api/user/{id}). Middleware (ALL) is not a route.
 */
function routeFor(app: TApp, method: string, pathname: string): string | undefined {
  let router = routers.get(app);
  if (!router) {
    router = new TrieRouter<string>();
    for (const r of app.routes) if (r.method !== 'ALL') router.add(r.method, r.path, r.path);
    routers.set(app, router);
  }
  return router.match(method.toUpperCase(), pathname)[0][0]?.[0];
}

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

/** A compiled validator for one schema of the document, by JSON pointer; compiled once. */
function validatorFor(app: TApp, pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (validate) return validate;
  if (!ajv) {
    // Not strict: the document carries OpenAPI's own keywords (example, description…).
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'openapi.json', ...documentOf(app) });
  }
  validate = ajv.compile({ $ref: `openapi.json#${pointer}` });
  validators.set(pointer, validate);
  return validate;
}

const pointerToken = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Fails (throws) when an answer of a declared operation drifts from the document: a status the
 * operation does not declare, or a JSON body that does not match the schema declared for its
 * status. Every route the app serves is declared, so an answer from an undeclared one fails too.
 */
export function checkAnswer(
  app: TApp,
  answer: { method: string; url: string; status: number; json: boolean; data: unknown },
) {
  const method = answer.method.toLowerCase();
  const pathname = new URL(answer.url).pathname;
  const routingPath = routeFor(app, method, pathname);
  if (!routingPath) return;
  const path = documentPath(routingPath);
  if (UNDOCUMENTED_ROUTES.has(`${answer.method.toUpperCase()} ${path}`)) return;
  const operation = documentOf(app).paths[path]?.[method];
  if (!operation) throw new Error(`Contract drift: ${answer.method.toUpperCase()} ${pathname} is not in the document.`);
  const what = `${answer.method.toUpperCase()} ${pathname} answered ${answer.status}`;
  const responses = operation.responses ?? {};
  const status = String(answer.status) in responses ? String(answer.status) : 'default';
  const declared = responses[status];
  if (!declared) {
    throw new Error(`Contract drift: ${what}, a status the document does not declare for ${method} ${path}.`);
  }
  if (!answer.json) return;
  if (!declared.content?.['application/json']?.schema) {
    throw new Error(`Contract drift: ${what} with a JSON body, which the document does not declare.`);
  }
  const pointer = `/paths/${pointerToken(path)}/${method}/responses/${status}/content/${pointerToken('application/json')}/schema`;
  const validate = validatorFor(app, pointer);
  if (!validate(answer.data)) {
    const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}`).join('; ');
    throw new Error(`Contract drift: ${what} with a body that does not match the document: ${errors}`);
  }
}
