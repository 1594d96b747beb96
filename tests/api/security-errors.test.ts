import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connection, type Db, useConnection } from '../../api/db/client.ts';
import { runQueuedJobs } from '../../api/jobs/workers.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

let dataDir = '';
beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
});

/** Replaces the database for one test with one whose every query fails with `err`. */
function breakDatabase(makeError: () => Error) {
  const real = connection();
  const failing = new Proxy(real.db as object, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (typeof v !== 'function') return v;
      return () => {
        throw makeError();
      };
    },
  }) as Db;
  useConnection({ ...real, db: failing });
  return () => useConnection(real);
}

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
  vi.restoreAllMocks();
});

const SQL_ERROR = () => {
  const err = new Error(
    `Failed query: select "id", "password_hash" from "users" where "email" = $1\nparams: admin@example.com at ${path.resolve('api/services/x.ts')}:12:7`,
  );
  (err as Error & { cause?: unknown }).cause = Object.assign(new Error('relation "users" does not exist'), {
    code: '42P01',
  });
  return err;
};

function expectNothingLeaked(body: string) {
  expect(body).not.toMatch(/select|password_hash|relation|params|42P01/i);
  expect(body).not.toMatch(/\/work\/|api\/services|\.ts:\d+|node_modules/);
  expect(body).not.toMatch(/\n\s+at /);
}

describe(`errors on ${driver}`, () => {
  it('answers a database error with a generic 500 carrying a request id that is also logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    restore = breakDatabase(SQL_ERROR);
    const res = await call('GET', '/get-settings');
    expect(res.status).toBe(500);
    expect(res.data).toMatchObject({
      success: false,
      error: 'Something went wrong. Please try again.',
      message: 'Something went wrong. Please try again.',
    });
    expect(res.data.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-request-id')).toBe(res.data.requestId);
    expectNothingLeaked(JSON.stringify(res.data));
    // The log has the id and the real cause, for the operator.
    const logged = log.mock.calls.map((args) => args.map(String).join(' ')).join('\n');
    expect(logged).toContain(res.data.requestId);
  });

  it('gives the same generic 500 for a failing write, with nothing half-saved', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const admin = await makeUser({ role: 'admin' });
    const before = await call('GET', '/faqs');
    restore = breakDatabase(SQL_ERROR);
    const res = await call('POST', '/faqs', { token: admin.token, json: { question: 'Q', answer: 'A' } });
    // The session lookup itself fails first: still a generic 500, never the SQL.
    expect(res.status).toBe(500);
    expectNothingLeaked(JSON.stringify(res.data));
    restore();
    restore = undefined;
    const after = await call('GET', '/faqs');
    expect(after.data).toEqual(before.data);
  });

  it('answers 503 with Retry-After when the database cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const make of [
      () => Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), { code: 'CONNECTION_CLOSED' }),
      () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      () =>
        Object.assign(new Error('Failed query: select 1'), {
          cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
        }),
    ]) {
      restore = breakDatabase(make);
      const res = await call('GET', '/all-ads');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.data.success).toBe(false);
      expect(res.data.requestId).toBeTruthy();
      expectNothingLeaked(JSON.stringify(res.data));
      expect(JSON.stringify(res.data)).not.toMatch(/5432|127\.0\.0\.1|ECONNREFUSED/);
      restore();
      restore = undefined;
    }
    const ready = await call('GET', '/readyz');
    expect(ready.status).toBe(200);
  });

  it('reports readiness 503 while the database is down and 200 once it is back', async () => {
    restore = breakDatabase(() => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    const down = await call('GET', '/readyz');
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(down.data).toMatchObject({ success: false, database: 'down' });
    const live = await call('GET', '/healthz');
    expect(live.status).toBe(200);
    restore();
    restore = undefined;
    expect((await call('GET', '/readyz')).data).toMatchObject({ success: true, database: 'up' });
  });

  it('never answers bad input with a 500', async () => {
    const bodies = ['', '{', 'null', '[]', '"x"', '{"email":{"$ne":1}}', '{"__proto__":{"admin":true}}'];
    for (const body of bodies) {
      const res = await call('POST', '/user/login', { json: body });
      expect(res.status).toBe(400);
      expect(res.data.success).toBe(false);
    }
  });
});

describe(`forgot-password on ${driver}`, () => {
  const outbox = () => path.join(dataDir, 'outbox');
  const mails = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()) : []);

  it('answers known and unknown emails with the same status, body, headers and time', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    await call('POST', '/user/signup', {
      json: { name: 'Known', email: 'known@example.com', password: 'secret1', cpassword: 'secret1' },
    });
    const known = await call('POST', '/forgot-password', { json: { email: 'known@example.com' } });
    const unknown = await call('POST', '/forgot-password', { json: { email: 'unknown@example.com' } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.data).toEqual(known.data);
    expect([...unknown.headers.keys()].sort()).toEqual([...known.headers.keys()].sort());
    await runQueuedJobs(undefined, { early: true });

    // The whole request, as a client times it. Pairs interleaved in alternating order, and the
    // queued job of one request is run (untimed) before the next starts, so only the answer
    // itself is measured.
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    for (let i = 0; i < 40; i++) {
      const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const kind of order) {
        const t = performance.now();
        const res = await call('POST', '/forgot-password', { json: { email: `${kind}@example.com` } });
        times[kind].push(performance.now() - t);
        expect(res.status).toBe(200);
        await runQueuedJobs(undefined, { early: true });
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(3);
  });

  it('mails a reset link to a known email, from the job queue, and nothing for an unknown one', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    await runQueuedJobs(undefined, { early: true });
    const email = `mail-${Date.now()}@example.com`;
    await call('POST', '/user/signup', { json: { name: 'Mailed', email, password: 'secret1', cpassword: 'secret1' } });
    // Sign-up mails its verification link: sent before counting.
    await runQueuedJobs(undefined, { early: true });
    const before = new Set(mails());

    const unknown = await call('POST', '/forgot-password', { json: { email: `nobody-${email}` } });
    expect(unknown.status).toBe(200);
    await runQueuedJobs(undefined, { early: true });
    expect(mails().filter((f) => !before.has(f))).toEqual([]);

    const known = await call('POST', '/forgot-password', { json: { email: email.toUpperCase() } });
    expect(known.status).toBe(200);
    await runQueuedJobs(undefined, { early: true });
    const added = mails().filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    const mail = fs.readFileSync(path.join(outbox(), added[0] as string), 'utf8');
    expect(mail).toContain(`To: ${email}`);
    expect(mail.replace(/=\r?\n/g, '')).toMatch(/\/reset-password\?token=3D[\w-]+/);
  });

  it('builds the reset link from SITE_URL even when the Host header lies', async () => {
    await call('POST', '/forgot-password', {
      json: { email: 'known@example.com' },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    await runQueuedJobs(undefined, { early: true });
    const all = mails().map((f) => fs.readFileSync(path.join(outbox(), f), 'utf8'));
    // Sign-up's verification mails are in the outbox too; every mail's link is on SITE_URL.
    const resets = all.filter((m) => /Subject: Reset your password/.test(m));
    expect(resets.length).toBeGreaterThan(0);
    for (const m of all) expect(m).not.toMatch(/evil\.example/);
    for (const m of resets)
      expect(m.replace(/=\r?\n/g, '')).toMatch(/http:\/\/localhost:4321\/reset-password\?token=3D/);
  });
});
