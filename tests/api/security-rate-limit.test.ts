import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../api/db/client.ts';
import { rateLimits } from '../../api/db/schema/index.ts';
import { resetEnv } from '../../api/env.ts';
import { clientIp, normaliseIp } from '../../api/lib/client-ip.ts';
import { RATE_LIMITS } from '../../api/lib/limits.ts';
import { forgetLimiters, resetRateLimits, TOO_MANY, TOO_MANY_UPLOADS } from '../../api/middleware/rate-limit.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// Counts the password work, to prove a refused login never reaches argon2.
const work = vi.hoisted(() => ({ verify: 0, burn: 0 }));
vi.mock('../../api/auth/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../api/auth/password.ts')>();
  return {
    ...real,
    verifyPassword: (hash: string, password: string) => {
      work.verify += 1;
      return real.verifyPassword(hash, password);
    },
    burnPasswordTime: (password: string) => {
      work.burn += 1;
      return real.burnPasswordTime(password);
    },
  };
});

beforeAll(async () => {
  await setupTestDb();
  process.env.RATE_LIMIT_SCALE = '1';
  process.env.TRUST_PROXY = '1';
  resetEnv();
});
afterAll(() => {
  delete process.env.TRUST_PROXY;
  resetEnv();
});
beforeEach(async () => {
  await resetRateLimits();
});

let ipCounter = 0;
/** A fresh client address (TRUST_PROXY=1: the load balancer's X-Forwarded-For). */
const newIp = () => {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
};
const from = (ip: string) => ({ 'x-forwarded-for': ip });

const login = (email: string, password: string, ip: string) =>
  call('POST', '/user/login', { json: { email, password }, headers: from(ip) });
const signup = (email: string, ip: string) =>
  call('POST', '/user/signup', {
    json: { name: 'Rate', email, password: 'secret1', cpassword: 'secret1' },
    headers: from(ip),
  });

function expect429(res: { status: number; headers: Headers; data: any }) {
  expect(res.status).toBe(429);
  expect(res.data).toEqual({ success: false, error: TOO_MANY, message: TOO_MANY });
  const retry = Number(res.headers.get('retry-after'));
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(RATE_LIMITS.loginIp.durationSec * 4);
}

describe(`login limits on ${driver}`, () => {
  it('locks an account from one address after 5 failures, before hashing; the owner elsewhere still signs in', async () => {
    const ip = newIp();
    expect((await signup('victim@example.com', newIp())).status).toBe(201);
    for (let i = 0; i < RATE_LIMITS.loginAccountIp.points; i++) {
      expect((await login('victim@example.com', `wrong${i}`, ip)).status).toBe(401);
    }
    const workBefore = work.verify + work.burn;
    // Even the right password, from that address, is refused now — without any argon2 work.
    expect429(await login('VICTIM@example.com', 'secret1', ip));
    expect(work.verify + work.burn).toBe(workBefore);
    // The guesses came from elsewhere: the owner's own address is not locked out.
    expect((await login('victim@example.com', 'secret1', newIp())).status).toBe(200);
    // Another account is not affected either.
    expect((await signup('bystander@example.com', newIp())).status).toBe(201);
    expect((await login('bystander@example.com', 'secret1', ip)).status).toBe(200);
  });

  it('locks an account for everyone after 50 failures an hour spread over many addresses', async () => {
    expect((await signup('spread@example.com', newIp())).status).toBe(201);
    const perIp = RATE_LIMITS.loginAccountIp.points;
    for (let i = 0; i < RATE_LIMITS.loginAccountAll.points; i++) {
      const ip = `198.51.100.${Math.floor(i / perIp) + 1}`;
      expect((await login('spread@example.com', `wrong${i}`, ip)).status).toBe(401);
    }
    const workBefore = work.verify + work.burn;
    const locked = await login('spread@example.com', 'secret1', newIp());
    expect429(locked);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(RATE_LIMITS.loginAccountIp.durationSec);
    expect(work.verify + work.burn).toBe(workBefore);
  });

  it('blocks an address after 10 failures across many accounts (credential stuffing)', async () => {
    const ip = newIp();
    for (let i = 0; i < RATE_LIMITS.loginIp.points; i++) {
      expect((await login(`nobody${i}@example.com`, 'guess', ip)).status).toBe(401);
    }
    const workBefore = work.verify + work.burn;
    expect429(await login('someone-else@example.com', 'guess', ip));
    expect(work.verify + work.burn).toBe(workBefore);
    // A different address still gets an honest answer.
    expect((await login('someone-else@example.com', 'guess', newIp())).status).toBe(401);
  });

  it('forgets an account’s failures from an address after a successful login there', async () => {
    const ip = newIp();
    expect((await signup('forgetful@example.com', newIp())).status).toBe(201);
    for (let i = 0; i < RATE_LIMITS.loginAccountIp.points - 1; i++) {
      await login('forgetful@example.com', 'wrong', ip);
    }
    expect((await login('forgetful@example.com', 'secret1', ip)).status).toBe(200);
    for (let i = 0; i < RATE_LIMITS.loginAccountIp.points; i++) {
      expect((await login('forgetful@example.com', 'wrong', ip)).status).toBe(401);
    }
    expect429(await login('forgetful@example.com', 'wrong', ip));
  });

  it('does not count successful logins as failures', async () => {
    const ip = newIp();
    expect((await signup('busy@example.com', ip)).status).toBe(201);
    for (let i = 0; i < RATE_LIMITS.loginIp.points + 2; i++) {
      expect((await login('busy@example.com', 'secret1', ip)).status).toBe(200);
    }
  });
});

describe(`where the counts live on ${driver}`, () => {
  async function lockAccount(email: string, ip: string) {
    expect((await signup(email, newIp())).status).toBe(201);
    for (let i = 0; i < RATE_LIMITS.loginAccountIp.points; i++) await login(email, 'wrong', ip);
    expect429(await login(email, 'secret1', ip));
  }

  it.runIf(driver === 'postgres')(
    'shares them through PostgreSQL, so another server process (or a restart) still refuses',
    async () => {
      const ip = newIp();
      await lockAccount('shared@example.com', ip);
      const [row] = await db()
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `loginAccountIp:shared@example.com|${ip}`));
      // Only the real password checks are counted, not the refused attempt.
      expect(row?.points).toBe(RATE_LIMITS.loginAccountIp.points);
      forgetLimiters(); // what a second server, or this one after a restart, starts with
      expect429(await login('shared@example.com', 'secret1', ip));
    },
  );

  it.runIf(driver === 'pglite')('keeps them in this process with the embedded database', async () => {
    const ip = newIp();
    await lockAccount('local@example.com', ip);
    forgetLimiters();
    expect((await login('local@example.com', 'secret1', ip)).status).toBe(200);
  });

  it.runIf(driver === 'postgres')('still limits, in memory, when the table cannot be reached', async () => {
    await db().execute(sql`ALTER TABLE rate_limits RENAME TO rate_limits_away`);
    try {
      forgetLimiters();
      const ip = newIp();
      for (let i = 0; i < RATE_LIMITS.loginIp.points; i++) {
        expect((await login(`insured${i}@example.com`, 'guess', ip)).status).toBe(401);
      }
      expect429(await login('insured-last@example.com', 'guess', ip));
    } finally {
      await db().execute(sql`ALTER TABLE rate_limits_away RENAME TO rate_limits`);
    }
  });
});

describe(`sign-up, forgot-password and reset limits on ${driver}`, () => {
  it('limits sign-ups per address', async () => {
    const ip = newIp();
    for (let i = 0; i < RATE_LIMITS.signupIp.points; i++) {
      expect((await call('POST', '/user/signup', { json: { name: '' }, headers: from(ip) })).status).toBe(400);
      // Invalid bodies are refused before counting; count real attempts below.
    }
    for (let i = 0; i < RATE_LIMITS.signupIp.points; i++) {
      const res = await signup(`spam${i}@example.com`, ip);
      expect(res.status).toBe(201);
    }
    expect429(await signup('spam-last@example.com', ip));
    expect((await signup('honest@example.com', newIp())).status).toBe(201);
  });

  it('limits sign-up attempts per email (probing whether an address is registered)', async () => {
    expect((await signup('probe@example.com', newIp())).status).toBe(201);
    for (let i = 1; i < RATE_LIMITS.signupEmail.points; i++) {
      expect((await signup('probe@example.com', newIp())).status).toBe(409);
    }
    expect429(await signup('PROBE@example.com', newIp()));
  });

  it('limits forgot-password per email and per address with the same body for everyone', async () => {
    const known = await call('POST', '/forgot-password', {
      json: { email: 'victim2@example.com' },
      headers: from(newIp()),
    });
    expect(known.status).toBe(200);
    for (let i = 1; i < RATE_LIMITS.forgotEmail.points; i++) {
      const res = await call('POST', '/forgot-password', {
        json: { email: 'victim2@example.com' },
        headers: from(newIp()),
      });
      expect(res.data).toEqual(known.data);
    }
    expect429(
      await call('POST', '/forgot-password', { json: { email: 'victim2@example.com' }, headers: from(newIp()) }),
    );
    const ip = newIp();
    for (let i = 0; i < RATE_LIMITS.forgotIp.points; i++) {
      await call('POST', '/forgot-password', { json: { email: `m${i}@example.com` }, headers: from(ip) });
    }
    expect429(await call('POST', '/forgot-password', { json: { email: 'other@example.com' }, headers: from(ip) }));
  });

  it('limits reset-password attempts per address', async () => {
    const ip = newIp();
    const body = { resetToken: 'a'.repeat(32), password: 'newpass1' };
    for (let i = 0; i < RATE_LIMITS.resetIp.points; i++) {
      expect((await call('POST', '/reset-password', { json: body, headers: from(ip) })).status).toBe(400);
    }
    expect429(await call('POST', '/reset-password', { json: body, headers: from(ip) }));
  });
});

describe(`upload limits on ${driver}`, () => {
  it('limits editor image uploads per user, not per address', async () => {
    const writer = await makeUser();
    const upload = (token: string) => call('POST', '/uploads/image', { token, form: new FormData() });
    for (let i = 0; i < RATE_LIMITS.editorImage.points; i++) {
      // No file: refused with 400, but the attempt is counted before the body is read.
      expect((await upload(writer.token)).status).toBe(400);
    }
    const refused = await upload(writer.token);
    expect(refused.status).toBe(429);
    expect(refused.data).toEqual({ success: false, error: TOO_MANY_UPLOADS, message: TOO_MANY_UPLOADS });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await upload((await makeUser()).token)).status).toBe(400);
  });
});

describe('the client address', () => {
  const ctx = (headers: Record<string, string>, clientAddress?: string) =>
    ({
      env: clientAddress ? { clientAddress } : undefined,
      req: { header: (n: string) => headers[n.toLowerCase()] },
    }) as never;

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    process.env.TRUST_PROXY = '';
    resetEnv();
    try {
      expect(clientIp(ctx({ 'x-forwarded-for': '1.2.3.4' }, '198.51.100.7'))).toBe('198.51.100.7');
      expect(clientIp(ctx({ 'x-forwarded-for': '1.2.3.4' }))).toBe('unknown');
      // So rotating a forged header does not escape the per-address limit.
      await resetRateLimits();
      for (let i = 0; i < RATE_LIMITS.loginIp.points; i++) {
        await login(`rot${i}@example.com`, 'guess', `198.18.0.${i}`);
      }
      expect((await login('rot-last@example.com', 'guess', '198.18.0.200')).status).toBe(429);
    } finally {
      process.env.TRUST_PROXY = '1';
      resetEnv();
    }
  });

  it('takes the address the trusted proxy saw, not one the client prepended', () => {
    expect(clientIp(ctx({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9' }, '10.0.0.2'))).toBe('203.0.113.9');
    process.env.TRUST_PROXY = '2';
    resetEnv();
    try {
      expect(clientIp(ctx({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.0.0.5' }, '10.0.0.2'))).toBe('203.0.113.9');
    } finally {
      process.env.TRUST_PROXY = '1';
      resetEnv();
    }
    // Garbage in the header falls back to the socket address.
    expect(clientIp(ctx({ 'x-forwarded-for': 'not-an-ip' }, '10.0.0.2'))).toBe('10.0.0.2');
  });

  it('normalises IPv4-mapped addresses and groups IPv6 by /64', () => {
    expect(normaliseIp('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(normaliseIp('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(normaliseIp('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(normaliseIp('::1')).toBe('0:0:0:0::/64');
  });
});
