import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, withIdempotencyKey } from './api.ts';
import { createSubmissionKeys } from './submission-key.ts';

type TSent = { method: string; key: string | null };

/** A fetch that answers from a script (an Error entry = the connection failed) and records what was sent. */
function scriptedFetch(script: (Response | Error)[]) {
  const sent: TSent[] = [];
  vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => {
    sent.push({ method: init.method ?? 'GET', key: new Headers(init.headers).get('idempotency-key') });
    const next = script.shift();
    if (!next || next instanceof Error) throw next ?? new Error('no more answers');
    return next;
  });
  return sent;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch and Idempotency-Key', () => {
  it('sends a POST again with the same key when the connection fails or the answer is 503', async () => {
    const sent = scriptedFetch([
      new TypeError('Failed to fetch'),
      json(503, { success: false, error: 'down', message: 'down' }, { 'retry-after': '1' }),
      json(201, { success: true, message: 'Ad created successfully' }),
    ]);
    const res = await apiFetch('/api/ads/add', { method: 'POST', body: new FormData() });
    expect(res).toEqual({ success: true, message: 'Ad created successfully' });
    expect(sent).toHaveLength(3);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
  });

  it('waits out a 409 "still being processed" and then gets the first answer', async () => {
    const sent = scriptedFetch([
      json(409, { success: false, error: 'busy', message: 'busy' }, { 'retry-after': '1' }),
      json(201, { success: true, message: 'Saved' }, { 'idempotent-replayed': 'true' }),
    ]);
    expect((await apiFetch('/api/faqs', { method: 'POST', json: {}, idempotencyKey: 'k-1' })).success).toBe(true);
    expect(sent.map((s) => s.key)).toEqual(['k-1', 'k-1']);
  });

  it('does not resend a refusal, a plain conflict, or a request without a key', async () => {
    let sent = scriptedFetch([json(400, { success: false, error: 'Bad', message: 'Bad' })]);
    expect((await apiFetch('/api/ads/add', { method: 'POST', body: new FormData() })).success).toBe(false);
    expect(sent).toHaveLength(1);
    sent = scriptedFetch([json(409, { success: false, error: 'Slug taken', message: 'Slug taken' })]);
    expect((await apiFetch('/api/category/add-edit', { method: 'POST', body: new FormData() })).success).toBe(false);
    expect(sent).toHaveLength(1);
    sent = scriptedFetch([json(503, { success: false, error: 'down', message: 'down' })]);
    expect((await apiFetch('/api/faqs/1', { method: 'PUT', json: {} })).success).toBe(false);
    expect(sent).toEqual([{ method: 'PUT', key: null }]);
  });

  it('gives up after a few tries with the usual message', async () => {
    const sent = scriptedFetch([new Error('x'), new Error('x'), new Error('x'), new Error('x'), new Error('x')]);
    const res = await apiFetch('/api/ads/add', { method: 'POST', body: new FormData() });
    expect(res).toMatchObject({ success: false, message: expect.stringContaining('Could not reach the server') });
    expect(sent).toHaveLength(4);
  });

  it('uses the key of withIdempotencyKey for the POST that shared form code starts', async () => {
    const sent = scriptedFetch([json(201, { success: true, message: 'ok' })]);
    await withIdempotencyKey('form-key', () => apiFetch('/api/memberships', { method: 'POST', json: {} }));
    expect(sent[0]?.key).toBe('form-key');
  });
});

describe('one key per form submission', () => {
  it('reuses the key for the same values, and starts a new one after a change or a success', () => {
    const keys = createSubmissionKeys();
    const file = new File(['abc'], 'a.png', { type: 'image/png', lastModified: 1 });
    const a = keys.keyFor({ heading: 'Bike', image: file });
    expect(keys.keyFor({ heading: 'Bike', image: file })).toBe(a);
    const b = keys.keyFor({ heading: 'Bike!', image: file });
    expect(b).not.toBe(a);
    keys.succeeded();
    expect(keys.keyFor({ heading: 'Bike!', image: file })).not.toBe(b);
    const form = new FormData();
    form.append('heading', 'Bike');
    form.append('image', file);
    const c = keys.keyFor(form);
    const again = new FormData();
    again.append('heading', 'Bike');
    again.append('image', file);
    expect(keys.keyFor(again)).toBe(c);
    again.append('price', '5');
    expect(keys.keyFor(again)).not.toBe(c);
  });
});
