import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_LIFETIME_MS } from '../../api/auth/session.ts';
import { db } from '../../api/db/client.ts';
import { sessions, users } from '../../api/db/schema/index.ts';
import { runQueuedJobs } from '../../api/jobs/workers.ts';
import { call } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

let dataDir = '';
beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
});

const signup = (body: Record<string, unknown>) => call('POST', '/user/signup', { json: body });

describe(`accounts on ${driver}`, () => {
  it('signs a visitor up and logs them in with a token and a cookie', async () => {
    const res = await signup({ name: 'Ann', email: 'Ann@Example.com', password: 'secret1', cpassword: 'secret1' });
    expect(res.status).toBe(201);
    expect(res.data.success).toBe(true);
    expect(res.data.userinfo).toMatchObject({
      name: 'Ann',
      email: 'ann@example.com',
      role: 'customer',
      subscription: 'free',
    });
    expect(res.data.userinfo.passwordHash).toBeUndefined();
    expect(res.data.token).toMatch(/^[a-z2-7]{32}$/);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await call('GET', '/user/me', { token: res.data.token });
    expect(me.data.userinfo.email).toBe('ann@example.com');
    const viaCookie = await call('GET', '/user/me', { cookie: `session=${res.data.token}` });
    expect(viaCookie.status).toBe(200);
  });

  it('stores only the hash of the session token', async () => {
    const res = await signup({ name: 'Hash', email: 'hash@example.com', password: 'secret1', cpassword: 'secret1' });
    const rows = await db().select().from(sessions);
    expect(rows.some((r) => r.id === res.data.token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
  });

  it('answers the sign-up checks in the form order', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'Please enter your name.'],
      [{ name: 'A' }, 'Please enter your email.'],
      [{ name: 'A', email: 'a@example.com' }, 'Please enter your password.'],
      [{ name: 'A', email: 'a@example.com', password: 'secret1' }, 'Please enter your confrim password.'],
      [{ name: 'A', email: 'a@example.com', password: 'secret1', cpassword: 'other' }, 'Enter password not match.'],
      [{ name: 'A', email: 'not-an-email', password: 'secret1', cpassword: 'secret1' }, 'Please enter a valid email.'],
    ];
    for (const [body, message] of cases) {
      const res = await signup(body);
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ success: false, error: message, message });
    }
  });

  it('refuses sign-ups with a filled honeypot, and never a person for being quick', async () => {
    const email = `bot-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const body = { name: 'Bot', email, password: 'secret123', cpassword: 'secret123' };
    const honeypot = await signup({ ...body, website: 'http://spam.example' });
    expect(honeypot.status).toBe(400);
    expect(honeypot.data.message).toBe('We could not create your account. Please try again.');
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);
    // A browser's autofill sent at once (an old client still measuring fillMs), or an API client
    // that sends neither field: both sign up. No timer refuses a person.
    expect((await signup({ ...body, fillMs: 400 })).status).toBe(201);
    expect((await signup({ ...body, email: `fast-${email}` })).status).toBe(201);
  });

  it('refuses a second account with the same email in any case', async () => {
    await signup({ name: 'B', email: 'dup@example.com', password: 'secret1', cpassword: 'secret1' });
    const res = await signup({ name: 'B2', email: 'DUP@example.com', password: 'secret1', cpassword: 'secret1' });
    expect(res.status).toBe(409);
    expect(res.data.success).toBe(false);
    expect(res.data.error).toMatch(/already registered/);
  });

  it('ignores role and subscription sent with sign-up', async () => {
    const res = await signup({
      name: 'Sneaky',
      email: 'sneaky@example.com',
      password: 'secret1',
      cpassword: 'secret1',
      role: 'admin',
      subscription: 'platinum',
      id: 1,
    });
    expect(res.data.userinfo).toMatchObject({ role: 'customer', subscription: 'free' });
  });

  it('logs in with the right password and refuses a wrong one', async () => {
    await signup({ name: 'C', email: 'c@example.com', password: 'secret1', cpassword: 'secret1' });
    const ok = await call('POST', '/user/login', { json: { email: 'C@example.com', password: 'secret1' } });
    expect(ok.status).toBe(200);
    expect(ok.data.userinfo.name).toBe('C');
    const again = await call('POST', '/user/login', { json: { email: 'c@example.com', password: 'secret1' } });
    expect(again.data.token).not.toBe(ok.data.token);
    const bad = await call('POST', '/user/login', { json: { email: 'c@example.com', password: 'nope' } });
    expect(bad.status).toBe(401);
    expect(bad.data.error).toBe('Please enter valid information');
    const unknown = await call('POST', '/user/login', { json: { email: 'nobody@example.com', password: 'x' } });
    expect(unknown.status).toBe(401);
    const empty = await call('POST', '/user/login', { json: { email: '', password: '' } });
    expect(empty.data.error).toBe('Please enter your email.');
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await call('POST', '/user/login', { json: '{"email":' });
    expect(res.status).toBe(400);
    expect(res.data.success).toBe(false);
  });

  it('ends the session on logout', async () => {
    const s = await signup({ name: 'D', email: 'd@example.com', password: 'secret1', cpassword: 'secret1' });
    const out = await call('POST', '/user/logout', { token: s.data.token });
    expect(out.data).toMatchObject({ success: true });
    const me = await call('GET', '/user/me', { token: s.data.token });
    expect(me.status).toBe(401);
  });

  it('expires a session one hour after sign-in', async () => {
    const s = await signup({ name: 'E', email: 'e@example.com', password: 'secret1', cpassword: 'secret1' });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + SESSION_LIFETIME_MS - 60_000);
      expect((await call('GET', '/user/me', { token: s.data.token })).status).toBe(200);
      vi.setSystemTime(Date.now() + 120_000);
      const res = await call('GET', '/user/me', { token: s.data.token });
      expect(res.status).toBe(401);
      expect(res.data.success).toBe(false);
    } finally {
      vi.useRealTimers();
    }
    expect((await call('GET', '/user/me', { token: 'a'.repeat(32) })).status).toBe(401);
  });

  it('resets a forgotten password with the mailed link, once', async () => {
    const s = await signup({ name: 'F', email: 'f@example.com', password: 'secret1', cpassword: 'secret1' });
    const known = await call('POST', '/forgot-password', { json: { email: 'f@example.com' } });
    const unknown = await call('POST', '/forgot-password', { json: { email: 'ghost@example.com' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.data).toEqual(known.data);
    const outbox = path.join(dataDir, 'outbox');
    await runQueuedJobs(undefined, { early: true });
    // One reset mail (sign-up's verification mail is there too), to the known address only.
    const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
    const resets = mails.filter((m) => /Subject: Reset your password/.test(m));
    expect(resets).toHaveLength(1);
    expect(mails.filter((m) => !/Subject: (Reset your password|Please verify your email address)/.test(m))).toEqual([]);
    const eml = resets[0] as string;
    expect(eml).toMatch(/To: f@example.com/);
    const token = /http:\/\/localhost:4321\/reset-password\?token=([a-z2-7]+)/.exec(
      eml.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
    )?.[1];
    expect(token).toBeTruthy();
    const reset = await call('POST', '/reset-password', { json: { resetToken: token, password: 'newpass1' } });
    expect(reset.data).toMatchObject({ success: true, message: 'Password reset successfully' });
    // The old session is over, the new password works, the link is spent.
    expect((await call('GET', '/user/me', { token: s.data.token })).status).toBe(401);
    expect((await call('POST', '/user/login', { json: { email: 'f@example.com', password: 'newpass1' } })).status).toBe(
      200,
    );
    const twice = await call('POST', '/reset-password', { json: { resetToken: token, password: 'another1' } });
    expect(twice.status).toBe(400);
    const short = await call('POST', '/reset-password', { json: { resetToken: token, password: '123' } });
    expect(short.status).toBe(400);
  });

  it('keeps email addresses unique and lower-case in the table', async () => {
    const rows = await db().select({ email: users.email }).from(users).where(eq(users.email, 'ann@example.com'));
    expect(rows).toHaveLength(1);
  });
});
