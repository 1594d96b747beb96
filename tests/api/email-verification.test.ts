import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../../api/auth/session.ts';
import { VERIFICATION_TEXTS } from '../../api/constants/email-verification.ts';
import { db } from '../../api/db/client.ts';
import { emailVerificationTokens, users } from '../../api/db/schema/index.ts';
import { resetEnv } from '../../api/env.ts';
import { RATE_LIMITS } from '../../api/lib/limits.ts';
import { resetRateLimits } from '../../api/middleware/rate-limit.ts';
import { VERIFICATION_LIFETIME_MS } from '../../api/services/auth/verification-mail.ts';
import { VERIFY_TO_MESSAGE } from '../../api/services/messages/start-conversation.ts';
import { createUser } from '../../api/services/users/create-user.ts';
import { ensureAdmin } from '../../api/services/users/ensure-admin.ts';
import { verifyDemoAccounts } from '../../api/services/users/verify-demo-accounts.ts';
import { DEMO_CUSTOMERS } from '../../drizzle/seed/demo-content.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { mailsTo, readOutbox } from '../helpers/outbox.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

let dataDir = '';
let categoryId = 0;

beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
  process.env.RATE_LIMIT_SCALE = '1';
  resetEnv();
  vi.spyOn(console, 'info').mockImplementation(() => {});
  categoryId = (await insertCategory({ name: 'Verified things' }))!.id;
});
afterAll(() => {
  delete process.env.RATE_LIMIT_SCALE;
  resetEnv();
});
beforeEach(async () => {
  await resetRateLimits();
});

let counter = 0;
/** Signs up through the API, as the sign-up form does. */
async function signUp() {
  counter += 1;
  const email = `new${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const res = await call('POST', '/user/signup', {
    json: { name: `Newcomer ${counter}`, email, password: 'secret123', cpassword: 'secret123' },
  });
  expect(res.status).toBe(201);
  return { email, token: res.data.token as string, id: res.data.userinfo.id as number, data: res.data };
}

/** The tokens of the verification links mailed to `email`, oldest first. */
async function mailedTokens(email: string): Promise<string[]> {
  return mailsTo(await readOutbox(dataDir), email)
    .filter((m) => /Subject: Please verify your email address/.test(m))
    .map((m) => m.match(/http:\/\/localhost:4321\/verify-email\?token=([a-z2-7]+)/)?.[1] ?? '');
}

const verify = (token: string) => call('POST', '/verify-email', { json: { token } });

describe(`verified email addresses on ${driver}`, () => {
  it('signs a new account up unverified and mails it a 7-day link, stored only as its hash', async () => {
    const { email, id, data } = await signUp();
    expect(data.userinfo.emailVerified).toBe(false);
    const [token] = await mailedTokens(email);
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const rows = await db().select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(hashToken(token!));
    expect(rows[0]!.id).not.toContain(token!);
    const lifetime = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(Math.abs(lifetime - VERIFICATION_LIFETIME_MS)).toBeLessThan(5_000);
    expect(VERIFICATION_LIFETIME_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('verifies once with the link: getAccount and the session user flip, the link then answers 400', async () => {
    const { email, token: session } = await signUp();
    expect((await call('GET', '/account', { token: session })).data.data.emailVerified).toBe(false);
    const [token] = await mailedTokens(email);

    const ok = await verify(token!);
    expect(ok.status).toBe(200);
    expect(ok.data).toEqual({ success: true, message: VERIFICATION_TEXTS.verified });
    expect((await call('GET', '/account', { token: session })).data.data.emailVerified).toBe(true);
    expect((await call('GET', '/user/me', { token: session })).data.userinfo.emailVerified).toBe(true);

    const again = await verify(token!);
    expect(again.status).toBe(400);
    expect(again.data).toEqual({
      success: false,
      error: VERIFICATION_TEXTS.invalid,
      message: VERIFICATION_TEXTS.invalid,
    });
    // An unknown token, an empty one.
    expect((await verify('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(400);
    expect((await verify('')).data.error).toBe(VERIFICATION_TEXTS.invalid);
  });

  it('refuses an expired link with 400 and leaves the account unverified', async () => {
    const { email, id, token: session } = await signUp();
    const [token] = await mailedTokens(email);
    await db()
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationTokens.userId, id));
    const res = await verify(token!);
    expect(res.status).toBe(400);
    expect(res.data.error).toBe(VERIFICATION_TEXTS.invalid);
    expect((await call('GET', '/account', { token: session })).data.data.emailVerified).toBe(false);
  });

  it('resends a new link that replaces the old one, needs a session, and limits it per account', async () => {
    const { email, id, token: session } = await signUp();
    expect((await call('POST', '/resend-verification')).status).toBe(401);
    const res = await call('POST', '/resend-verification', { token: session });
    expect(res.status).toBe(202);
    expect(res.data.message).toBe(VERIFICATION_TEXTS.sent);
    const mailed = await mailedTokens(email);
    expect(new Set(mailed).size).toBe(2);
    // Only the newest link is stored; the older one no longer works.
    const stored = await db().select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, id));
    expect(stored).toHaveLength(1);
    const older = mailed.find((t) => hashToken(t) !== stored[0]!.id)!;
    expect((await verify(older)).status).toBe(400);

    for (let i = 1; i < RATE_LIMITS.verificationResendPerUser.points; i++)
      expect((await call('POST', '/resend-verification', { token: session })).status).toBe(202);
    const limited = await call('POST', '/resend-verification', { token: session });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another account has its own count.
    const other = await signUp();
    expect((await call('POST', '/resend-verification', { token: other.token })).status).toBe(202);

    const [current] = await db().select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, id));
    const newest = (await mailedTokens(email)).find((t) => hashToken(t) === current!.id)!;
    expect((await verify(newest)).status).toBe(200);
  });

  it('answers 409 to a resend once the address is verified', async () => {
    const verified = await makeUser();
    const res = await call('POST', '/resend-verification', { token: verified.token });
    expect(res.status).toBe(409);
    expect(res.data.error).toBe(VERIFICATION_TEXTS.alreadyVerified);
  });

  it('limits verification links tried per address', async () => {
    for (let i = 0; i < RATE_LIMITS.verifyLinkIp.points; i++) expect((await verify(`guess${i}`)).status).toBe(400);
    expect((await verify('guess')).status).toBe(429);
  });

  it('lets only a verified buyer start a conversation (403 before), replies stay allowed', async () => {
    const seller = await makeUser({ name: 'Seller' });
    const ad = (await insertAd({ heading: 'Oak table', categoryId, userId: seller.user.id, price: 80 }))!;
    const { email, token: session } = await signUp();
    const refused = await call('POST', '/conversations', { token: session, json: { adId: ad.id, text: 'Hi!' } });
    expect(refused.status).toBe(403);
    expect(refused.data.error).toBe(VERIFY_TO_MESSAGE);
    expect(VERIFY_TO_MESSAGE).toBe('Please verify your email address to message sellers.');

    // A user made unverified by the test helper is refused too; the default one is verified.
    const unverified = await makeUser({ verified: false });
    expect(
      (await call('POST', '/conversations', { token: unverified.token, json: { adId: ad.id, text: 'Hi' } })).status,
    ).toBe(403);

    const [token] = await mailedTokens(email);
    expect((await verify(token!)).status).toBe(200);
    const started = await call('POST', '/conversations', { token: session, json: { adId: ad.id, text: 'Hi!' } });
    expect(started.status).toBe(201);
    const conversationId = started.data.conversation.id as number;
    // The seller answers, and a buyer whose verification were undone could still reply.
    expect(
      (await call('POST', `/conversations/${conversationId}/messages`, { token: seller.token, json: { text: 'Yes' } }))
        .status,
    ).toBe(201);
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.email, email));
    expect(
      (await call('POST', `/conversations/${conversationId}/messages`, { token: session, json: { text: 'Great' } }))
        .status,
    ).toBe(201);
  });

  it('counts accounts an admin adds as verified, with no verification mail', async () => {
    const admin = await makeUser({ role: 'admin' });
    const email = `added-${Date.now()}@example.com`;
    const res = await call('POST', '/user/admin-add-user', {
      token: admin.token,
      json: { name: 'Added', email, password: 'secret123', cpassword: 'secret123', role: 'customer' },
    });
    expect(res.status).toBe(201);
    const [row] = await db().select({ at: users.emailVerifiedAt }).from(users).where(eq(users.email, email));
    expect(row?.at).toBeInstanceOf(Date);
    expect(await mailedTokens(email)).toEqual([]);
  });

  it('counts the ADMIN_EMAIL account and the demo accounts as verified', async () => {
    const adminEmail = `operator-${Date.now()}@example.com`;
    await ensureAdmin({ email: adminEmail, password: 'secret123' });
    const verifiedAt = async (email: string) =>
      (await db().select({ at: users.emailVerifiedAt }).from(users).where(eq(users.email, email)))[0]?.at ?? null;
    expect(await verifiedAt(adminEmail)).toBeInstanceOf(Date);

    // A demo account as the seed stores it (no verification column set), then the boot's step.
    const demo = DEMO_CUSTOMERS[0]!;
    await createUser({ name: demo.name, email: demo.email, password: demo.password });
    expect(await verifiedAt(demo.email)).toBeNull();
    expect(await verifyDemoAccounts()).toBe(1);
    expect(await verifiedAt(demo.email)).toBeInstanceOf(Date);
    expect(await verifyDemoAccounts()).toBe(0);
  });
});
