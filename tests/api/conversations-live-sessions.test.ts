import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connection } from '../../api/db/client.ts';
import { runQueuedJobs } from '../../api/jobs/workers.ts';
import { call, makeUser } from '../helpers/client.ts';
import { serveApp, type TServedApp } from '../helpers/serve-app.ts';
import { openStream } from '../helpers/sse-stream.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

type TUser = Awaited<ReturnType<typeof makeUser>>;
type TStream = Awaited<ReturnType<typeof openStream>>;

let served: TServedApp;
let dataDir = '';

beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
  served = await serveApp();
});
afterAll(async () => {
  await served?.close();
});

/**
 * Resolves once the server has ended `tab` after a `closed` {reason: 'signed-out'} event, or
 * fails after `ms`. The bound is generous (the design closes within a second); before the
 * session notice, a stream ran on until its next 25 s heartbeat.
 */
async function closedWithin(tab: TStream, ms = 5_000) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the stream was still open after ${ms} ms`)), ms);
  });
  try {
    await Promise.race([
      (async () => {
        expect(await tab.next('closed')).toEqual({ reason: 'signed-out' });
        await tab.ended();
      })(),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A second signed-in session of `user` (another browser). */
async function secondSession(user: TUser) {
  const res = await call('POST', '/user/login', { json: { email: user.user.email, password: user.password } });
  expect(res.status).toBe(200);
  return (res.data as { token: string }).token;
}

async function streamOf(token: string, origin = served.origin) {
  const tab = await openStream(origin, token);
  expect(tab.res.status).toBe(200);
  await tab.next('unread');
  return tab;
}

describe(`a stream lives no longer than its session on ${driver}`, () => {
  it('signing out closes that session’s stream, not the user’s other session', async () => {
    const user = await makeUser();
    const other = await secondSession(user);
    const tab = await streamOf(user.token);
    const otherTab = await streamOf(other);
    try {
      expect((await call('POST', '/user/logout', { token: user.token })).status).toBe(200);
      await closedWithin(tab);
      // The other browser's session is untouched and its stream still hears events.
      expect((await call('POST', '/user/logout', { token: other })).status).toBe(200);
      await closedWithin(otherTab);
    } finally {
      await Promise.all([tab.close(), otherTab.close()]);
    }
  });

  it('a ban closes every stream of the banned user', async () => {
    const admin = await makeUser({ role: 'admin' });
    const user = await makeUser();
    const tabs = [await streamOf(user.token), await streamOf(await secondSession(user))];
    try {
      const res = await call('POST', `/users/${user.user.id}/ban`, {
        token: admin.token,
        json: { reason: 'Selling stolen goods' },
      });
      expect(res.status).toBe(200);
      for (const tab of tabs) await closedWithin(tab);
    } finally {
      await Promise.all(tabs.map((t) => t.close()));
    }
  });

  it('a password change closes the other sessions’ streams and keeps the caller’s', async () => {
    const user = await makeUser();
    const other = await streamOf(await secondSession(user));
    const own = await streamOf(user.token);
    try {
      const res = await call('POST', '/account/password', {
        token: user.token,
        json: { currentPassword: user.password, newPassword: 'brand-new-1' },
      });
      expect(res.status).toBe(200);
      await closedWithin(other);
      // The caller's own stream stays open: a later logout still closes it.
      expect(own.events().some((e) => e.event === 'closed')).toBe(false);
      await call('POST', '/user/logout', { token: user.token });
      await closedWithin(own);
    } finally {
      await Promise.all([other.close(), own.close()]);
    }
  });

  it.each([
    ['“sign out everywhere else” closes the other session’s stream', 'other', '/account/sessions/revoke-others'],
    ['deleting the account closes its stream', 'own', '/account/delete'],
  ] as const)('%s', async (_name, whose, route) => {
    const user = await makeUser();
    const tab = await streamOf(whose === 'own' ? user.token : await secondSession(user));
    try {
      const json = route === '/account/delete' ? { password: user.password } : undefined;
      expect((await call('POST', route, { token: user.token, json })).status).toBe(200);
      await closedWithin(tab);
    } finally {
      await tab.close();
    }
  });

  it('a password reset closes every stream of the account', async () => {
    const user = await makeUser();
    const tab = await streamOf(user.token);
    try {
      expect((await call('POST', '/forgot-password', { json: { email: user.user.email } })).status).toBe(200);
      await runQueuedJobs(undefined, { early: true });
      const outbox = path.join(dataDir, 'outbox');
      const mail = fs
        .readdirSync(outbox)
        .map((f) =>
          fs
            .readFileSync(path.join(outbox, f), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '='),
        )
        .find((m) => m.includes(`To: ${user.user.email}`) && /reset-password\?token=/.test(m));
      const token = /reset-password\?token=([a-z2-7]+)/.exec(mail ?? '')?.[1];
      expect(token).toBeTruthy();
      const res = await call('POST', '/reset-password', { json: { resetToken: token, password: 'after-reset-1' } });
      expect(res.status).toBe(200);
      await closedWithin(tab);
    } finally {
      await tab.close();
    }
  });
});

describe.skipIf(driver !== 'postgres')('sessions ended through one process close streams held by another', () => {
  let child: ChildProcess | undefined;
  let origin = '';

  beforeAll(async () => {
    child = fork(path.resolve('tests/helpers/live-server.ts'), [], {
      execArgv: ['--experimental-strip-types', '--no-warnings'],
      env: { ...process.env, DATABASE_URL: connection().url, DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    origin = await new Promise<string>((resolve) =>
      child?.on('message', (m: { origin?: string }) => m.origin && resolve(m.origin)),
    );
  });
  afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child?.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  });

  it('a logout here closes the stream there; a ban here closes the streams there', async () => {
    const admin = await makeUser({ role: 'admin' });
    const user = await makeUser();
    const other = await secondSession(user);
    const far = await streamOf(user.token, origin);
    const farOther = await streamOf(other, origin);
    try {
      expect((await call('POST', '/user/logout', { token: user.token })).status).toBe(200);
      await closedWithin(far);
      expect(farOther.events().some((e) => e.event === 'closed')).toBe(false);
      await call('POST', `/users/${user.user.id}/ban`, { token: admin.token, json: { reason: 'Spam everywhere' } });
      await closedWithin(farOther);
    } finally {
      await Promise.all([far.close(), farOther.close()]);
    }
  });
});
