import { beforeAll, describe, expect, it } from 'vitest';
import { accessRules } from '../../api/access-rules.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

/**
 * Personal answers carry `Cache-Control: private, no-store` and `Vary: Cookie`, so no cache in
 * front of the site (CDN, proxy) can keep one user's data and hand it to another. Public reads
 * that answer everyone alike keep their caching. Pages: tests/e2e/page-headers.spec.ts.
 */

function expectPersonal(headers: Headers, label: string) {
  const cc = (headers.get('cache-control') ?? '').split(',').map((d) => d.trim());
  expect(cc, label).toContain('private');
  expect(cc, label).toContain('no-store');
  expect(
    cc.some((d) => /^(public|max-age|s-maxage)/.test(d)),
    label,
  ).toBe(false);
  expect((headers.get('vary') ?? '').toLowerCase(), label).toMatch(/\bcookie\b/);
}

const concrete = (path: string) => path.replace(/:[a-z]+(\{[^}]*\})?/gi, '1');

let admin: Awaited<ReturnType<typeof makeUser>>;
let customer: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  await setupTestDb();
  admin = await makeUser({ role: 'admin' });
  customer = await makeUser();
});

describe(`personal answers on ${driver}`, () => {
  it('marks every signed-in read private, by cookie and by bearer token, whatever its status', async () => {
    const reads = accessRules()
      .filter((rule) => rule.method === 'GET' && rule.access !== 'public')
      .map((rule) => rule.key);
    expect(reads.length).toBeGreaterThan(10);
    for (const key of reads) {
      const path = concrete(key.slice(4));
      for (const who of [admin, customer]) {
        const byCookie = await call('GET', path, { cookie: `session=${who.token}` });
        expectPersonal(byCookie.headers, `${key} (cookie, ${who.user.role}): ${byCookie.status}`);
        const byBearer = await call('GET', path, { token: who.token });
        expectPersonal(byBearer.headers, `${key} (bearer, ${who.user.role}): ${byBearer.status}`);
      }
    }
  });

  it('marks the named personal answers: /api/user/me, /api/users, /api/wishlist', async () => {
    for (const path of ['/user/me', '/users', '/wishlist']) {
      const res = await call('GET', path, { cookie: `session=${admin.token}` });
      expect(res.status, path).toBe(200);
      expectPersonal(res.headers, path);
    }
  });

  it('marks signed-in writes and refusals private too', async () => {
    const added = await call('POST', '/wishlist', {
      cookie: `session=${customer.token}`,
      json: { ad_id: 999999, slug: 'x', item_name: 'x', item_description: 'x', item_image: 'x' },
    });
    expectPersonal(added.headers, `POST /wishlist ${added.status}`);
    const refused = await call('GET', '/users', { cookie: `session=${customer.token}` });
    expect(refused.status).toBe(403);
    expectPersonal(refused.headers, 'GET /users as a customer');
  });

  it('marks answers that set or clear the cookie, keeping no-transform on the login answer', async () => {
    const { user, password } = await makeUser();
    const login = await call('POST', '/user/login', { json: { email: user.email, password } });
    expect(login.status).toBe(200);
    expectPersonal(login.headers, 'login');
    expect(login.headers.get('cache-control')).toContain('no-transform');
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const logout = await call('POST', '/user/logout', { cookie });
    expectPersonal(logout.headers, 'logout');
    // A cookie whose session is over: the answer clears it, and is personal as well.
    const stale = await call('GET', '/user/me', { cookie });
    expect(stale.status).toBe(401);
    expect(stale.headers.get('set-cookie')).toMatch(/session=;/);
    expectPersonal(stale.headers, 'stale cookie');
  });

  it('leaves the public reads cacheable, for visitors and signed-in callers alike', async () => {
    for (const path of ['/all-ads', '/get-settings', '/faqs', '/memberships', '/testimonials']) {
      for (const options of [{}, { cookie: `session=${customer.token}` }, { token: customer.token }]) {
        const res = await call('GET', path, options);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('cache-control') ?? '', path).not.toMatch(/private|no-store/);
      }
    }
    const anonymous = await call('GET', '/user/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control') ?? '').not.toMatch(/private/);
  });
});
