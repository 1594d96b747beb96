import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetEnv } from '../../api/env.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

beforeAll(async () => {
  await setupTestDb();
});

const saved = { ...process.env };
afterEach(() => {
  for (const k of ['NODE_ENV', 'SITE_URL', 'TRUST_PROXY']) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetEnv();
});

function withEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnv();
}

function expectBaseHeaders(h: Headers) {
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(h.get('permissions-policy')).toMatch(/camera=\(\)/);
  expect(h.get('x-frame-options')).toBe('DENY');
  expect(h.get('x-powered-by')).toBeNull();
  const csp = h.get('content-security-policy') ?? '';
  expect(csp).toMatch(/default-src 'none'/);
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/base-uri 'none'/);
}

describe(`security headers on ${driver}`, () => {
  it('puts the security headers on successes, errors, 401s and 404s of the API', async () => {
    const admin = await makeUser({ role: 'admin' });
    const responses = [
      await call('GET', '/get-settings'),
      await call('GET', '/settings', { token: admin.token }),
      await call('GET', '/user/me'),
      await call('GET', '/no-such-route'),
      await call('POST', '/user/login', { json: '{"broken":' }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 401, 404, 400]);
    for (const r of responses) expectBaseHeaders(r.headers);
  });

  it('sends HSTS only in production over https', async () => {
    withEnv({ NODE_ENV: 'production', SITE_URL: 'http://localhost:4321', TRUST_PROXY: undefined });
    expect((await call('GET', '/get-settings')).headers.get('strict-transport-security')).toBeNull();
    // A forged X-Forwarded-Proto is ignored without TRUST_PROXY…
    const forged = await call('GET', '/get-settings', { headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
    // …and believed behind a trusted proxy.
    withEnv({ TRUST_PROXY: '1' });
    const proxied = await call('GET', '/get-settings', { headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    withEnv({ TRUST_PROXY: undefined, SITE_URL: 'https://market.example' });
    expect((await call('GET', '/get-settings')).headers.get('strict-transport-security')).toMatch(/max-age/);
    withEnv({ NODE_ENV: 'development' });
    expect((await call('GET', '/get-settings')).headers.get('strict-transport-security')).toBeNull();
  });

  it('does not trust a client-chosen request id', async () => {
    const evil = await call('GET', '/get-settings', { headers: { 'x-request-id': 'a b\u0007<script>' } });
    expect(evil.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const fine = await call('GET', '/get-settings', { headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(fine.headers.get('x-request-id')).toBe('lb-1234.abc');
  });
});

describe(`the session cookie on ${driver}`, () => {
  const signup = (email: string, headers: Record<string, string> = {}) =>
    call('POST', '/user/signup', { json: { name: 'C', email, password: 'secret1', cpassword: 'secret1' }, headers });

  it('is HttpOnly, SameSite=Lax and Path=/, and not Secure over plain http', async () => {
    const res = await signup('cookie1@example.com');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^session=[a-z2-7]{32};/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/);
  });

  it('is Secure when the site is served over https', async () => {
    withEnv({ SITE_URL: 'https://market.example' });
    const res = await signup('cookie2@example.com');
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/);
  });

  it('believes X-Forwarded-Proto only behind a trusted proxy', async () => {
    withEnv({ SITE_URL: 'http://localhost:4321', TRUST_PROXY: undefined });
    const forged = await signup('cookie3@example.com', { 'x-forwarded-proto': 'https' });
    expect(forged.headers.get('set-cookie')).not.toMatch(/; Secure/);
    withEnv({ TRUST_PROXY: '1' });
    const proxied = await signup('cookie4@example.com', { 'x-forwarded-proto': 'https' });
    expect(proxied.headers.get('set-cookie')).toMatch(/; Secure/);
  });

  it('is cleared with the same attributes on logout', async () => {
    const res = await signup('cookie5@example.com');
    const out = await call('POST', '/user/logout', { cookie: `session=${res.data.token}` });
    const cleared = out.headers.get('set-cookie') ?? '';
    expect(cleared).toMatch(/^session=;/);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/; Path=\//);
    expect(cleared).toMatch(/; HttpOnly/);
  });
});
