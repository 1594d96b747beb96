import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import { SESSION_COOKIE } from '../../api/auth/cookies.ts';
import { UNDOCUMENTED_ROUTES } from '../../api/routes/saved-searches.ts';
import { call, makeUser } from '../helpers/client.ts';
import { checkAnswer, documentPath } from '../helpers/contract.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

type TOperation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};
type TDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string }[];
  paths: Record<string, Record<string, TOperation>>;
  components: { securitySchemes?: Record<string, Record<string, string>> };
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
/** Operations named by one verb that says it all. */
const SESSION_VERBS = new Set(['login', 'logout', 'signup']);
let doc: TDocument;

beforeAll(async () => {
  await setupTestDb();
  const res = await call('GET', '/openapi.json');
  expect(res.status).toBe(200);
  doc = res.data;
});

function operations(): { key: string; method: string; path: string; op: TOperation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method, path, op })),
  );
}

describe(`the OpenAPI contract on ${driver}`, () => {
  it('is an OpenAPI 3.1 document that passes the schema validator', async () => {
    const result = await new Validator().validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Classifieds marketplace API');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(doc.info.description).toContain('Bearer');
  });

  it('names both ways to send a session: the session cookie and a bearer token', () => {
    expect(doc.components.securitySchemes).toEqual({
      cookieSession: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }),
      bearerSession: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
  });

  it('gives every operation a unique camelCase operationId, a summary, tags and a security requirement', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(20);
    const ids = ops.map((o) => o.op.operationId);
    const declaredTags = new Set((doc.tags ?? []).map((t) => t.name));
    const wrong: string[] = [];
    for (const { key, op } of ops) {
      // camelCase, verb first then at least one noun word: listAds, getPageContent. The session
      // verbs keep their usual one-word names, which API clients look for.
      const id = op.operationId ?? '';
      if (!SESSION_VERBS.has(id) && !/^[a-z]+(?:[A-Z][a-z0-9]*)+$/.test(id))
        wrong.push(`${key}: operationId ${op.operationId}`);
      if (!op.summary?.trim()) wrong.push(`${key}: no summary`);
      if (!op.tags?.length || op.tags.some((t) => !declaredTags.has(t))) wrong.push(`${key}: tags ${op.tags}`);
      if (!Array.isArray(op.security)) wrong.push(`${key}: no security requirement`);
    }
    expect(wrong).toEqual([]);
    expect(new Set(ids).size, 'operationIds must be unique').toBe(ids.length);
  });

  it('declares every error an operation can give, each with the shared error schema', () => {
    const wrong: string[] = [];
    for (const { key, method, op } of operations()) {
      const has = (status: number) => String(status) in op.responses;
      const expected = [500, 503];
      const takesInput = (op.parameters?.length ?? 0) > 0 || op.requestBody !== undefined;
      if (takesInput) expected.push(400);
      const isProtected = (op.security?.length ?? 0) > 0;
      if (isProtected) expected.push(401);
      if (method !== 'get') expected.push(403);
      if (op.parameters?.some((p) => p.in === 'path')) expected.push(404);
      if (op.requestBody) expected.push(413);
      if (method === 'post') expected.push(409);
      for (const status of expected) if (!has(status)) wrong.push(`${key}: no ${status}`);
      for (const [status, response] of Object.entries(op.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (Number(status) >= 400 && key !== 'GET /api/readyz' && schema?.$ref !== '#/components/schemas/Error')
          wrong.push(`${key}: ${status} without the shared error schema`);
      }
      if (isProtected) {
        const schemes = op.security?.flatMap((s) => Object.keys(s)).sort();
        if (JSON.stringify(schemes) !== '["bearerSession","cookieSession"]') wrong.push(`${key}: security ${schemes}`);
      }
    }
    expect(wrong).toEqual([]);
    // Admin operations say a customer gets 403 even when they only read.
    expect(doc.paths['/api/users']?.get?.responses['403']).toBeDefined();
    expect(doc.paths['/api/faqs']?.get?.security).toEqual([]);
  });

  it('describes exactly the routes the app serves, and serves exactly the routes it describes', () => {
    const registered = new Set<string>();
    for (const r of createApp().routes) {
      const key = `${r.method} ${documentPath(r.path)}`;
      if (r.method !== 'ALL' && !UNDOCUMENTED_ROUTES.has(key)) registered.add(key);
    }
    const documented = new Set(operations().map((o) => o.key));
    const missing = [...registered].filter((r) => !documented.has(r));
    const stale = [...documented].filter((r) => !registered.has(r));
    expect(missing, 'routes the app serves that the document lacks').toEqual([]);
    expect(stale, 'operations in the document that the app does not serve').toEqual([]);
    // The account routes, declared last, are among them.
    for (const key of [
      'POST /api/user/login',
      'POST /api/user/signup',
      'GET /api/user/me',
      'POST /api/forgot-password',
    ])
      expect(documented).toContain(key);
  });

  it('describes every upload form as multipart/form-data with its text fields and files', () => {
    type TForm = { properties: Record<string, { type?: string; contentMediaType?: string; items?: object }> };
    const form = (key: string) => {
      const [method, path] = key.split(' ') as [string, string];
      const body = doc.paths[path]?.[method.toLowerCase()]?.requestBody as
        | { required?: boolean; content: Record<string, { schema: TForm }> }
        | undefined;
      expect(body?.required, key).toBe(true);
      expect(Object.keys(body?.content ?? {}), key).toEqual(['multipart/form-data']);
      return body?.content['multipart/form-data']?.schema.properties ?? {};
    };
    const file = { type: 'string', contentMediaType: 'application/octet-stream' };
    const ad = form('POST /api/ads/add');
    expect(ad).toMatchObject({ heading: { type: 'string' }, price: { type: 'string' }, image: file });
    expect(ad['gallery[]']).toMatchObject({ type: 'array', items: file });
    expect(form('POST /api/ads/update')).toMatchObject({ id: {}, esitingGalleryImages: { type: 'string' } });
    expect(form('POST /api/update-settings')).toMatchObject({ email: {}, logo: file });
    expect(form('POST /api/category/add-edit')).toMatchObject({ name: {}, slug: {}, image: file });
    expect(form('POST /api/testimonials')).toMatchObject({ name: {}, designation: {}, image: file });
    expect(form('PUT /api/testimonials/{id}')).toMatchObject({ name: {}, image: file });
    expect(form('POST /api/uploads/image')).toMatchObject({ image: file, file });
    // Forms are read as a stream by the handler, never by the library: no 415 from a media-type
    // check, and their files count against the upload rate limit (429).
    const responses = doc.paths['/api/ads/add']?.post?.responses ?? {};
    expect(Object.keys(responses)).not.toContain('415');
    expect(Object.keys(responses)).toContain('429');
  });

  it('fails a test whose answer drifts from the document', () => {
    const app = createApp();
    const answer = (over: Partial<Parameters<typeof checkAnswer>[1]>) => () =>
      checkAnswer(app, {
        method: 'GET',
        url: 'http://localhost/api/faqs',
        status: 200,
        json: true,
        data: { success: true, data: [], message: 'FAQs loaded' },
        ...over,
      });
    expect(answer({})).not.toThrow();
    // A field of the wrong type, a missing field, a status the operation never gives.
    expect(answer({ data: { success: true, data: [{ id: '1', question: 'Q', answer: 'A' }], message: '' } })).toThrow(
      /does not match the document/,
    );
    expect(answer({ data: { success: true, message: 'FAQs loaded' } })).toThrow(/does not match/);
    expect(answer({ status: 418, data: {} })).toThrow(/does not declare/);
    // Errors must carry the shared shape.
    expect(answer({ status: 503, data: { success: false, message: 'down' } })).toThrow(/does not match/);
    // The digits-only user route does not swallow /api/user/me: each is checked against its own operation.
    const me = {
      success: true,
      userinfo: {
        id: 7,
        name: 'A',
        email: 'a@example.com',
        role: 'customer',
        subscription: 'free',
        emailVerified: true,
      },
    };
    expect(
      answer({ url: 'http://localhost/api/user/me', data: { ...me, expiresAt: '2026-11-24T09:30:00.000Z' } }),
    ).not.toThrow();
    expect(answer({ url: 'http://localhost/api/user/me', data: me })).toThrow(/does not match/);
    expect(answer({ url: 'http://localhost/api/user/7', data: { success: true } })).toThrow(/does not match/);
  });

  it('answers a validation failure on a declared route with the first issue’s message', async () => {
    const { token } = await makeUser({ role: 'admin' });
    const res = await call('POST', '/faqs', { token, json: { question: '', answer: '' } });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      success: false,
      error: 'Please enter question.',
      message: 'Please enter question.',
    });
  });

  it('answers a JSON operation given another media type with 415 in the API’s own words', async () => {
    const { token } = await makeUser({ role: 'admin' });
    const expected = {
      success: false,
      error: 'Send the body as JSON (Content-Type: application/json).',
      message: 'Send the body as JSON (Content-Type: application/json).',
    };
    const form = new FormData();
    form.set('question', 'Q?');
    form.set('answer', 'A.');
    const asForm = await call('POST', '/faqs', { token, form });
    expect(asForm.status).toBe(415);
    expect(asForm.data).toEqual(expected);
    const app = createApp();
    const body = '{"question":"Q?","answer":"A."}';
    for (const headers of [{ 'content-type': 'text/plain' }, {}] as Record<string, string>[]) {
      const res = await app.request('http://localhost/api/faqs', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, ...headers },
        body: new TextEncoder().encode(body),
      });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual(expected);
    }
    // The document says so for every operation that takes JSON.
    const described = doc.paths['/api/faqs']?.post?.responses['415'];
    expect(JSON.stringify(described)).toContain('application/json');
  });

  it('serves the browsable reference with its script from the site, under the page policy', async () => {
    const page = await call('GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const html = String(page.data);
    expect(html).toContain('data-url="/api/openapi.json"');
    expect(html).toContain('<script src="/api/docs/scalar.js"></script>');
    // Nothing loads from another site: every src/href is on this origin (or inline data).
    expect(
      [...html.matchAll(/(?:src|href)="([^"]*)"/g)].map((m) => m[1]).filter((u) => !/^(\/|data:)/.test(u)),
    ).toEqual([]);
    // No inline script with code: the configuration travels in an attribute.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>[^<]+<\/script>/);

    const script = await call('GET', '/docs/scalar.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(String(script.data).length).toBeGreaterThan(1_000_000);
    const etag = script.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await call('GET', '/docs/scalar.js', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // Sent compressed as stored, not compressed again per request.
    const app = createApp();
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await app.request('http://localhost/api/docs/scalar.js', {
        headers: { 'accept-encoding': `${encoding}, deflate` },
      });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(decode(Buffer.from(await res.arrayBuffer())).toString()).toBe(String(script.data));
    }
  });
});
