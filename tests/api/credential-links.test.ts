import { beforeAll, describe, expect, it } from 'vitest';
import { runQueuedJobs } from '../../api/jobs/workers.ts';
import { call, makeUser } from '../helpers/client.ts';
import { mailsTo, readOutbox } from '../helpers/outbox.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// A credential change ends every pending link: a password change, a reset or a confirmed
// email change kills the user's outstanding reset and email-change links, and a changed email
// also ends the user's other sessions. (Before: a reset link mailed to the old address still
// worked after the email was changed and confirmed, and after a password change.)

let dataDir = '';

beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
});

/** The token of the newest mail to `email` whose link matches `path`. */
async function mailedToken(email: string, path: 'reset-password' | 'confirm-email'): Promise<string> {
  await runQueuedJobs(undefined, { early: true });
  const mails = mailsTo(await readOutbox(dataDir), email);
  const tokens = mails
    .map((m) => new RegExp(`/${path}\\?token=([a-z2-7]+)`).exec(m)?.[1])
    .filter((t): t is string => !!t);
  expect(tokens.length, `a ${path} mail to ${email}`).toBeGreaterThan(0);
  return tokens[tokens.length - 1]!;
}

const forgot = async (email: string) => {
  expect((await call('POST', '/forgot-password', { json: { email } })).status).toBe(200);
  return mailedToken(email, 'reset-password');
};
const reset = (resetToken: string, password = 'brand-new-1') =>
  call('POST', '/reset-password', { json: { resetToken, password } });
const changeEmail = async (token: string, password: string, newEmail: string) => {
  expect((await call('POST', '/account/email', { token, json: { newEmail, password } })).status).toBe(202);
  return mailedToken(newEmail, 'confirm-email');
};

describe(`a credential change ends every pending link on ${driver}`, () => {
  it('a reset link mailed to the old address dies once a new address is confirmed, and other sessions end', async () => {
    const { user, token, password } = await makeUser({ name: 'Olga Old' });
    const other = await call('POST', '/user/login', { json: { email: user.email, password } });
    expect(other.status).toBe(200);
    const oldLink = await forgot(user.email);
    const confirmToken = await changeEmail(token, password, `olga-${user.id}@example.org`);
    expect((await call('POST', '/account/email/confirm', { token, json: { token: confirmToken } })).status).toBe(200);

    const res = await reset(oldLink);
    expect(res.status).toBe(400);
    expect(res.data.message).toBe('The reset link is invalid or has expired.');
    // The confirming browser stays signed in; the other one is signed out.
    expect((await call('GET', '/user/me', { token })).status).toBe(200);
    expect((await call('GET', '/user/me', { token: other.data.token })).status).toBe(401);
  });

  it('a password change ends pending reset and email-change links', async () => {
    const { user, token, password } = await makeUser();
    const resetLink = await forgot(user.email);
    const confirmToken = await changeEmail(token, password, `pat-${user.id}@example.org`);
    const changed = await call('POST', '/account/password', {
      token,
      json: { currentPassword: password, newPassword: 'another-9' },
    });
    expect(changed.status).toBe(200);
    expect((await reset(resetLink)).status).toBe(400);
    const confirm = await call('POST', '/account/email/confirm', { json: { token: confirmToken } });
    expect(confirm.status).toBe(400);
    expect((await call('GET', '/account', { token })).data.data).toMatchObject({
      email: user.email,
      pendingEmail: null,
    });
  });

  it('a reset ends the other reset links and a pending email change', async () => {
    const { user, token, password } = await makeUser();
    const first = await forgot(user.email);
    const confirmToken = await changeEmail(token, password, `rita-${user.id}@example.org`);
    const second = await forgot(user.email);
    expect(second).not.toBe(first);
    expect((await reset(second)).status).toBe(200);
    expect((await reset(first, 'yet-another-3')).status).toBe(400);
    expect((await call('POST', '/account/email/confirm', { json: { token: confirmToken } })).status).toBe(400);
    expect((await call('POST', '/user/login', { json: { email: user.email, password: 'brand-new-1' } })).status).toBe(
      200,
    );
  });
});
