import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnv } from '../../api/env.ts';
import { RATE_LIMITS } from '../../api/lib/limits.ts';
import { resetRateLimits, TOO_MANY } from '../../api/middleware/rate-limit.ts';
import { call } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// Counts the password checks argon2 really does, beside the answers that reveal them (a 401
// is one real check, a 429 none).
const work = vi.hoisted(() => ({ checks: 0 }));
vi.mock('../../api/auth/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../api/auth/password.ts')>();
  return {
    ...real,
    verifyPassword: (hash: string, password: string) => {
      work.checks += 1;
      return real.verifyPassword(hash, password);
    },
    burnPasswordTime: (password: string) => {
      work.checks += 1;
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
  work.checks = 0;
});

const login = (email: string, password: string, ip: string) =>
  call('POST', '/user/login', { json: { email, password }, headers: { 'x-forwarded-for': ip } });

let accounts = 0;
async function account() {
  accounts += 1;
  const email = `race${accounts}@example.com`;
  const res = await call('POST', '/user/signup', {
    json: { name: 'Race', email, password: 'secret1', cpassword: 'secret1' },
    headers: { 'x-forwarded-for': `192.0.2.${200 + accounts}` },
  });
  expect(res.status).toBe(201);
  return email;
}

function tally(results: { status: number; data: any; headers: Headers }[]) {
  const count = (s: number) => results.filter((r) => r.status === s).length;
  for (const r of results.filter((x) => x.status === 429)) {
    expect(r.data).toEqual({ success: false, error: TOO_MANY, message: TOO_MANY });
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  return { unauthorized: count(401), tooMany: count(429), other: results.length - count(401) - count(429) };
}

describe(`login limits under concurrency on ${driver}`, () => {
  it('lets at most the limit of 40 parallel wrong passwords reach argon2', async () => {
    const email = await account();
    work.checks = 0;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(email, `wrong-${i}`, '198.51.100.40')),
    );
    const t = tally(results);
    expect(t.other).toBe(0);
    expect(t.unauthorized).toBe(RATE_LIMITS.loginAccountIp.points);
    expect(t.tooMany).toBe(40 - RATE_LIMITS.loginAccountIp.points);
    expect(work.checks).toBe(t.unauthorized);
    // Locked from that address now, right password included.
    expect((await login(email, 'secret1', '198.51.100.40')).status).toBe(429);
  });

  it('lets at most the address limit through when 40 parallel guesses spread over accounts', async () => {
    const emails = await Promise.all(Array.from({ length: 4 }, () => account()));
    work.checks = 0;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(emails[i % 4] as string, `wrong-${i}`, '198.51.100.41')),
    );
    const t = tally(results);
    expect(t.other).toBe(0);
    expect(t.unauthorized).toBe(RATE_LIMITS.loginIp.points);
    expect(work.checks).toBe(t.unauthorized);
  });

  it('does not lock the owner out when a storm of wrong passwords comes from another address', async () => {
    const email = await account();
    const storm = await Promise.all(Array.from({ length: 40 }, (_, i) => login(email, `wrong-${i}`, '198.51.100.66')));
    expect(tally(storm).unauthorized).toBe(RATE_LIMITS.loginAccountIp.points);
    // The owner, from home, even after two typos of their own.
    expect((await login(email, 'typo', '203.0.113.200')).status).toBe(401);
    expect((await login(email, 'typo2', '203.0.113.200')).status).toBe(401);
    expect((await login(email, 'secret1', '203.0.113.200')).status).toBe(200);
  });

  it('refunds the point a successful login took', async () => {
    const email = await account();
    // A point is held only while its password is being checked: successes give it back.
    for (let i = 0; i < RATE_LIMITS.loginIp.points * 2; i++) {
      expect((await login(email, 'secret1', '198.51.100.77')).status).toBe(200);
    }
    // And a success clears this address's failures: four typos, a success, five more tries.
    for (let i = 0; i < RATE_LIMITS.loginAccountIp.points - 1; i++) {
      expect((await login(email, 'typo', '198.51.100.77')).status).toBe(401);
    }
    expect((await login(email, 'secret1', '198.51.100.77')).status).toBe(200);
    const again = await Promise.all(Array.from({ length: 20 }, (_, i) => login(email, `typo-${i}`, '198.51.100.77')));
    expect(tally(again).unauthorized).toBe(RATE_LIMITS.loginAccountIp.points);
  });
});
