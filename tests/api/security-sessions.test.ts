import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

beforeAll(async () => {
  await setupTestDb();
});

/** Every text value in the public schema, to look for a leaked token. */
async function everyStoredText(): Promise<string> {
  const tables = (await db().execute(
    // Not the gazetteer (places): ~135,000 rows of public city names the site never writes.
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'places'`,
  )) as unknown as { rows?: { table_name: string }[] } & { table_name: string }[];
  const names = (tables.rows ?? tables).map((t) => t.table_name);
  let all = '';
  for (const name of names) {
    const rows = (await db().execute(sql.raw(`select row_to_json(t)::text as j from "${name}" t`))) as unknown as {
      rows?: { j: string }[];
    } & { j: string }[];
    all += (rows.rows ?? rows).map((r) => r.j).join('\n');
  }
  return all;
}

const signupBody = (email: string) => ({ name: 'S', email, password: 'secret1', cpassword: 'secret1' });

describe(`sessions on ${driver}`, () => {
  it('never stores a session or reset token itself, only its hash', async () => {
    const s = await call('POST', '/user/signup', { json: signupBody('store@example.com') });
    const l = await call('POST', '/user/login', { json: { email: 'store@example.com', password: 'secret1' } });
    const text = await everyStoredText();
    expect(text).not.toContain(s.data.token);
    expect(text).not.toContain(l.data.token);
    expect(text).not.toContain('secret1');
  });

  it('issues a new token on every login and keeps the old one valid until logout', async () => {
    await call('POST', '/user/signup', { json: signupBody('multi@example.com') });
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await call('POST', '/user/login', { json: { email: 'multi@example.com', password: 'secret1' } });
      tokens.add(res.data.token);
      expect(res.headers.get('set-cookie')).toContain(res.data.token);
    }
    expect(tokens.size).toBe(3);
  });

  it('ignores a session cookie it did not issue (no session fixation)', async () => {
    const fixed = 'abcdefghijklmnopqrstuvwxyz234567';
    const me = await call('GET', '/user/me', { cookie: `session=${fixed}` });
    expect(me.status).toBe(401);
    expect(me.headers.get('set-cookie')).toMatch(/^session=;/);
    const login = await call('POST', '/user/login', {
      json: { email: 'multi@example.com', password: 'secret1' },
      cookie: `session=${fixed}`,
    });
    expect(login.data.token).not.toBe(fixed);
  });

  it('ends every session of a user an admin demotes, at once', async () => {
    const admin = await makeUser({ role: 'admin' });
    const other = await makeUser({ role: 'admin', name: 'Demoted' });
    expect((await call('GET', '/users', { token: other.token })).status).toBe(200);
    const res = await call('POST', '/user/update', {
      token: admin.token,
      json: {
        id: other.user.id,
        name: 'Demoted',
        email: other.user.email,
        role: 'customer',
        subscription: 'free',
        password: other.password,
        cpassword: other.password,
      },
    });
    expect(res.status).toBe(200);
    expect((await call('GET', '/users', { token: other.token })).status).toBe(401);
    expect((await call('GET', '/user/me', { token: other.token })).status).toBe(401);
  });

  it('ends every session of a user an admin deletes, at once', async () => {
    const admin = await makeUser({ role: 'admin' });
    const victim = await makeUser();
    expect((await call('GET', '/user/me', { token: victim.token })).status).toBe(200);
    expect((await call('DELETE', `/user/${victim.user.id}`, { token: admin.token })).status).toBe(200);
    expect((await call('GET', '/user/me', { token: victim.token })).status).toBe(401);
  });

  it('never returns a password hash from any user endpoint', async () => {
    const admin = await makeUser({ role: 'admin' });
    const list = await call('GET', '/users', { token: admin.token });
    const one = await call('GET', `/user/${admin.user.id}`, { token: admin.token });
    const me = await call('GET', '/user/me', { token: admin.token });
    for (const r of [list, one, me]) {
      expect(JSON.stringify(r.data)).not.toMatch(/argon2|password_?hash/i);
    }
  });
});

describe(`mass assignment on ${driver}`, () => {
  it('ignores role, subscription and id sent with sign-up', async () => {
    const res = await call('POST', '/user/signup', {
      json: { ...signupBody('mass@example.com'), role: 'admin', subscription: 'platinum', id: 1, userId: 1 },
    });
    expect(res.status).toBe(201);
    expect(res.data.userinfo).toMatchObject({ role: 'customer', subscription: 'free' });
    expect(res.data.userinfo.id).not.toBe(1);
  });

  it('does not let a customer reach the user update that sets roles', async () => {
    const customer = await makeUser();
    const res = await call('POST', '/user/update', {
      token: customer.token,
      json: {
        id: customer.user.id,
        name: 'Me',
        email: customer.user.email,
        role: 'admin',
        subscription: 'platinum',
        password: customer.password,
        cpassword: customer.password,
      },
    });
    expect(res.status).toBe(403);
    const me = await call('GET', '/user/me', { token: customer.token });
    expect(me.data.userinfo).toMatchObject({ role: 'customer', subscription: 'free' });
  });
});
