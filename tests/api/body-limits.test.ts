import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import { BODY_TOO_DEEP, BODY_TOO_LARGE, BODY_TOO_MANY_KEYS, bodyLimitFor } from '../../api/lib/body-limit.ts';
import { BODY_LIMITS, MAX_JSON_DEPTH, MAX_JSON_MEMBERS } from '../../api/lib/limits.ts';
import { makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

const app = createApp();
let adminToken = '';
beforeAll(async () => {
  await setupTestDb();
  adminToken = (await makeUser({ role: 'admin' })).token;
});

/** A JSON body of exactly `size` bytes: an object whose one string fills the rest. */
const jsonOf = (size: number, key = 'email') => {
  const shell = JSON.stringify({ [key]: '' }).length;
  return JSON.stringify({ [key]: 'a'.repeat(size - shell) });
};

/** The body as a stream in 16 KB pieces: no Content-Length, as a chunked upload. */
const streamOf = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + 16 * 1024));
      at += 16 * 1024;
    },
  });
};

async function post(path: string, body: string, options: { chunked?: boolean; method?: string; token?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (!options.chunked) headers['content-length'] = String(Buffer.byteLength(body));
  const res = await app.request(`http://localhost/api${path}`, {
    method: options.method ?? 'POST',
    headers,
    body: options.chunked ? streamOf(body) : body,
    duplex: 'half',
  } as RequestInit);
  return { status: res.status, data: (await res.json()) as { success: boolean; error: string } };
}

describe(`request body limits on ${driver}`, () => {
  it('gives every route a limit: 64 KB for JSON, more only where a route needs it', () => {
    expect(bodyLimitFor('POST', '/api/user/login')).toEqual({ limit: BODY_LIMITS.json, streamed: false });
    expect(bodyLimitFor('POST', '/api/some/new/route')).toEqual({ limit: BODY_LIMITS.json, streamed: false });
    expect(bodyLimitFor('PUT', '/api/pages/3').limit).toBe(BODY_LIMITS.richTextJson);
    expect(bodyLimitFor('POST', '/api/faqs').limit).toBe(BODY_LIMITS.richTextJson);
    expect(bodyLimitFor('POST', '/api/uploads/image')).toEqual({ limit: BODY_LIMITS.oneImageForm, streamed: true });
    expect(bodyLimitFor('POST', '/api/ads/update')).toEqual({ limit: BODY_LIMITS.adForm, streamed: true });
    // A limit belongs to a method and path: a DELETE of a page is plain JSON-sized.
    expect(bodyLimitFor('DELETE', '/api/pages/3').limit).toBe(BODY_LIMITS.json);
  });

  it('reads a JSON body of exactly the limit and refuses one byte more, with or without Content-Length', async () => {
    for (const chunked of [false, true]) {
      const atLimit = await post('/forgot-password', jsonOf(BODY_LIMITS.json), { chunked });
      // Read and validated: the email is not an email.
      expect(atLimit.status, `chunked=${chunked}`).toBe(400);
      expect(atLimit.data.error).not.toBe(BODY_TOO_LARGE);
      const over = await post('/forgot-password', jsonOf(BODY_LIMITS.json + 1), { chunked });
      expect(over.status, `chunked=${chunked}`).toBe(413);
      expect(over.data).toEqual({ success: false, error: BODY_TOO_LARGE, message: BODY_TOO_LARGE });
    }
  });

  it('lets a page take a long rich text the JSON limit would refuse', async () => {
    const content = `<p>${'Ünïcödé text. '.repeat(5_000)}</p>`;
    expect(Buffer.byteLength(content)).toBeGreaterThan(BODY_LIMITS.json);
    const page = { name: 'Long page', template: 'default', seokeyword: 'long', content };
    const res = await post('/pages', JSON.stringify(page), { token: adminToken });
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    const over = await post('/pages', jsonOf(BODY_LIMITS.richTextJson + 1, 'content'), { token: adminToken });
    expect(over.status).toBe(413);
  });

  it('refuses JSON nested deeper than the limit, or with more keys, before parsing it', async () => {
    const deep = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`;
    expect((await post('/user/login', deep)).data.error).toBe(BODY_TOO_DEEP);
    expect(
      (await post('/user/login', `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).data.error,
    ).not.toBe(BODY_TOO_DEEP);
    const keys = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":0`).join(',')}}`;
    const many = await post('/user/login', keys(MAX_JSON_MEMBERS + 1));
    expect(many).toMatchObject({ status: 400, data: { error: BODY_TOO_MANY_KEYS } });
    expect((await post('/user/login', keys(MAX_JSON_MEMBERS))).data.error).not.toBe(BODY_TOO_MANY_KEYS);
    // Brackets inside strings are text, not nesting.
    const inString = JSON.stringify({ email: '['.repeat(10_000), password: 'x' });
    expect((await post('/user/login', inString)).data.error).not.toBe(BODY_TOO_DEEP);
  });
});
