import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSession } from '../../api/auth/session.ts';
import { db } from '../../api/db/client.ts';
import {
  conversations,
  messages,
  newsletterSubscribers,
  savedSearches,
  sessions,
  users,
  wishlistItems,
} from '../../api/db/schema/index.ts';
import { resetEnv } from '../../api/env.ts';
import { resetRateLimits } from '../../api/middleware/rate-limit.ts';
import { imageOnDisk, makeAd, makeCategory } from '../helpers/admin-fixtures.ts';
import { call, makeUser } from '../helpers/client.ts';
import { mailsTo, readOutbox } from '../helpers/outbox.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

let dataDir = '';
let categoryId = 0;
let categorySlug = '';

beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
  process.env.RATE_LIMIT_SCALE = '1';
  resetEnv();
  vi.spyOn(console, 'info').mockImplementation(() => {});
  ({ id: categoryId, slug: categorySlug } = await makeCategory());
});
afterAll(() => {
  delete process.env.RATE_LIMIT_SCALE;
  resetEnv();
});
beforeEach(async () => {
  await resetRateLimits();
});

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function login(email: string, password: string, userAgent = FIREFOX) {
  return call('POST', '/user/login', { json: { email, password }, headers: { 'user-agent': userAgent } });
}

const ACCOUNT_GETS = ['/account', '/account/sessions', '/account/export'];
const ACCOUNT_WRITES: [string, string, unknown][] = [
  ['PATCH', '/account', { name: 'X' }],
  ['POST', '/account/password', { currentPassword: 'secret123', newPassword: 'another1' }],
  ['POST', '/account/email', { newEmail: 'x@example.com', password: 'secret123' }],
  ['POST', '/account/sessions/revoke-others', undefined],
  ['POST', '/account/delete', { password: 'secret123' }],
];

describe(`the account on ${driver}`, () => {
  it('needs a session on every route (401)', async () => {
    for (const path of ACCOUNT_GETS) expect((await call('GET', path)).status, path).toBe(401);
    for (const [method, path, json] of ACCOUNT_WRITES)
      expect((await call(method, path, { json })).status, path).toBe(401);
  });

  it('shows the caller’s own profile with plan, limits, preferences and emailVerified, never a hash', async () => {
    const { user, token } = await makeUser({ name: 'Ann Account', subscription: 'gold' });
    const res = await call('GET', '/account', { token });
    expect(res.status).toBe(200);
    expect(res.data.data).toMatchObject({
      id: user.id,
      name: 'Ann Account',
      email: user.email,
      pendingEmail: null,
      phone: '',
      role: 'customer',
      plan: { subscription: 'gold', name: 'Gold' },
      pendingRequest: null,
      preferences: { messageMails: true, alertMails: true },
    });
    expect(typeof res.data.data.emailVerified).toBe('boolean');
    expect(JSON.stringify(res.data)).not.toMatch(/argon2|passwordHash/);
  });

  it('changes name, phone and the alert preference; bad input is a 400 naming the field', async () => {
    const { user, token } = await makeUser();
    const res = await call('PATCH', '/account', {
      token,
      json: {
        name: '  New Name ',
        phone: '+44 20 7946 0000',
        alertMails: false,
        role: 'admin',
        subscription: 'platinum',
      },
    });
    expect(res.status).toBe(200);
    expect(res.data.data).toMatchObject({
      name: 'New Name',
      phone: '+44 20 7946 0000',
      preferences: { alertMails: false },
    });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'customer', subscription: 'free', alertMails: false });
    expect((await call('PATCH', '/account', { token, json: { name: '' } })).data.error).toBe('Please enter your name.');
    expect((await call('PATCH', '/account', { token, json: { phone: '<script>' } })).data.error).toBe(
      'Please enter a valid phone number.',
    );
    expect((await call('PATCH', '/account', { token, json: {} })).status).toBe(400);
    expect((await call('PATCH', '/account', { token, json: { alertMails: 'yes' } })).status).toBe(400);
    // The phone is private: the public user shape never carries it.
    expect(JSON.stringify((await call('GET', '/user/me', { token })).data)).not.toContain('7946');
  });

  it('the newsletter preference is the subscription of the account’s email, with double opt-in', async () => {
    const { user, token } = await makeUser({ name: 'Nina News' });
    expect((await call('GET', '/account', { token })).data.data.preferences.newsletter).toBe('none');
    const on = await call('PATCH', '/account', { token, json: { newsletter: true } });
    expect(on.status).toBe(200);
    expect(on.data.data.preferences.newsletter).toBe('pending');
    const mails = mailsTo(await readOutbox(dataDir), user.email);
    expect(mails.some((m) => /newsletter/i.test(m))).toBe(true);
    const off = await call('PATCH', '/account', { token, json: { newsletter: false } });
    expect(off.data.data.preferences.newsletter).toBe('unsubscribed');
    expect((await call('PATCH', '/account', { token, json: { newsletter: 'yes' } })).status).toBe(400);
  });

  it('changing the password ends every other session; the current one still works', async () => {
    const { user, token, password } = await makeUser({ name: 'Pat Password' });
    const other = (await login(user.email, password)).data.token as string;
    expect((await call('GET', '/user/me', { token: other })).status).toBe(200);

    const wrong = await call('POST', '/account/password', {
      token,
      json: { currentPassword: 'not-it', newPassword: 'brand-new1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data.error).toBe('Your current password is not correct.');
    // The answer names the field, so the form shows the message under it.
    expect(wrong.data.fields).toEqual([{ path: 'currentPassword', message: 'Your current password is not correct.' }]);
    const short = await call('POST', '/account/password', {
      token,
      json: { currentPassword: password, newPassword: '123' },
    });
    expect(short.status).toBe(400);
    expect(short.data.error).toBe('Password must be at least 6 characters.');
    expect((await call('GET', '/user/me', { token: other })).status).toBe(200);

    const ok = await call('POST', '/account/password', {
      token,
      json: { currentPassword: password, newPassword: 'brand-new1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.data.ended).toBe(1);
    expect((await call('GET', '/user/me', { token: other })).status).toBe(401);
    expect((await call('GET', '/user/me', { token })).status).toBe(200);
    expect((await login(user.email, password)).status).toBe(401);
    expect((await login(user.email, 'brand-new1')).status).toBe(200);
    const [mail] = mailsTo(await readOutbox(dataDir), user.email);
    expect(mail).toMatch(/Subject: Your password was changed/);
  });

  it('limits password checks per user (429 with Retry-After)', async () => {
    const { token } = await makeUser();
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', '/account/password', {
        token,
        json: { currentPassword: 'wrong', newPassword: 'whatever1' },
      });
      expect(res.status).toBe(400);
    }
    const refused = await call('POST', '/account/password', {
      token,
      json: { currentPassword: 'secret123', newPassword: 'whatever1' },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same budget guards deleting the account.
    expect((await call('POST', '/account/delete', { token, json: { password: 'secret123' } })).status).toBe(429);
  });

  it('changes the email only when the link mailed to the new address is opened, once', async () => {
    const { user, token, password } = await makeUser({ name: 'Eve Email' });
    const taken = await makeUser();
    const newEmail = `eve-${user.id}@example.org`;
    expect(
      (await call('POST', '/account/email', { token, json: { newEmail: 'not-an-email', password } })).data.error,
    ).toBe('Please enter a valid email.');
    expect((await call('POST', '/account/email', { token, json: { newEmail, password: 'wrong' } })).status).toBe(400);
    expect(
      (await call('POST', '/account/email', { token, json: { newEmail: taken.user.email, password } })).status,
    ).toBe(409);
    const res = await call('POST', '/account/email', { token, json: { newEmail: newEmail.toUpperCase(), password } });
    expect(res.status).toBe(202);
    // Nothing changes yet; the page shows the address waiting for its link.
    const before = await call('GET', '/account', { token });
    expect(before.data.data).toMatchObject({ email: user.email, pendingEmail: newEmail });

    const [mail] = mailsTo(await readOutbox(dataDir), newEmail);
    expect(mail).toMatch(/Subject: Confirm your new email address/);
    const link = mail?.match(/http:\/\/localhost:4321\/confirm-email\?token=([a-z2-7]+)/);
    expect(link).not.toBeNull();
    const confirmToken = link![1] as string;

    expect((await call('POST', '/account/email/confirm', { json: { token: 'nope' } })).status).toBe(400);
    // Opened in the browser that asked (its session is kept; every other one ends).
    const ok = await call('POST', '/account/email/confirm', { token, json: { token: confirmToken } });
    expect(ok.status).toBe(200);
    const after = await call('GET', '/account', { token });
    expect(after.data.data).toMatchObject({ email: newEmail, pendingEmail: null });
    expect((await login(newEmail, password)).status).toBe(200);
    expect((await login(user.email, password)).status).toBe(401);
    // Single use.
    const again = await call('POST', '/account/email/confirm', { json: { token: confirmToken } });
    expect(again.status).toBe(400);
    expect(again.data.error).toBe('This confirmation link is invalid or has expired.');
    // The old address is told.
    const notice = mailsTo(await readOutbox(dataDir), user.email).find((m) =>
      /Subject: Your email address was changed/.test(m),
    );
    expect(notice).toContain(newEmail);
  });

  it('limits email-change mails per user and confirm links per address', async () => {
    const { token, password } = await makeUser();
    for (let i = 0; i < 5; i++) {
      const res = await call('POST', '/account/email', { token, json: { newEmail: `try${i}@example.net`, password } });
      expect(res.status).toBe(202);
    }
    expect(
      (await call('POST', '/account/email', { token, json: { newEmail: 'six@example.net', password } })).status,
    ).toBe(429);
    for (let i = 0; i < 30; i++)
      expect((await call('POST', '/account/email/confirm', { json: { token: `guess${i}` } })).status).toBe(400);
    expect((await call('POST', '/account/email/confirm', { json: { token: 'guess' } })).status).toBe(429);
  });

  it('lists the caller’s sessions with browser and device, and signs out everywhere else', async () => {
    const { user, password } = await makeUser();
    const mine = (await login(user.email, password, FIREFOX)).data.token as string;
    const phone = (await login(user.email, password, IPHONE)).data.token as string;
    const res = await call('GET', '/account/sessions', { token: mine });
    expect(res.status).toBe(200);
    const list = res.data.data as { current: boolean; browser: string; device: string; id: string }[];
    expect(list[0]).toMatchObject({ current: true, browser: 'Firefox', device: 'Linux' });
    expect(list.some((s) => !s.current && s.browser === 'Safari' && s.device === 'iPhone')).toBe(true);
    // The ids are not the stored session keys.
    const stored = await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    for (const s of list) expect(stored.map((r) => r.id)).not.toContain(s.id);

    const revoked = await call('POST', '/account/sessions/revoke-others', { token: mine });
    expect(revoked.status).toBe(200);
    expect(revoked.data.ended).toBeGreaterThanOrEqual(2);
    expect((await call('GET', '/user/me', { token: phone })).status).toBe(401);
    expect((await call('GET', '/user/me', { token: mine })).status).toBe(200);
    expect((await call('GET', '/account/sessions', { token: mine })).data.data).toHaveLength(1);
  });

  it('records when a session was last seen at most every few minutes', async () => {
    const { user } = await makeUser();
    const start = new Date(Date.now() - 60 * 60 * 1000 + 60_000);
    const { token, session } = await createSession({ userId: user.id, now: start });
    const seen = async () =>
      (await db().select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, session.id)))[0]?.at;
    expect((await seen())?.getTime()).toBe(start.getTime());
    await call('GET', '/user/me', { token });
    const first = (await seen())?.getTime() ?? 0;
    expect(first).toBeGreaterThan(start.getTime());
    await call('GET', '/user/me', { token });
    // Within five minutes of the last write: not written again.
    expect((await seen())?.getTime()).toBe(first);
  });

  it('exports the caller’s data: own ads, wishlist, messages; nothing of another user’s', async () => {
    const me = await makeUser({ name: 'Xena Export' });
    const other = await makeUser({ name: 'Otto Other' });
    const myAd = await makeAd({ userId: me.user.id, categoryId });
    const theirAd = await makeAd({ userId: other.user.id, categoryId });
    await db().insert(wishlistItems).values({ userId: me.user.id, adId: theirAd.id });
    const [conv] = await db()
      .insert(conversations)
      .values({ adId: theirAd.id, adHeading: theirAd.heading, buyerId: me.user.id, sellerId: other.user.id })
      .returning();
    await db()
      .insert(savedSearches)
      .values([
        { userId: me.user.id, name: 'Sofas', search: 'sofa', unsubscribeToken: `secret-mine-${me.user.id}` },
        { userId: other.user.id, name: 'Bikes', search: 'bike', unsubscribeToken: `secret-theirs-${other.user.id}` },
      ]);
    await db()
      .insert(messages)
      .values([
        { conversationId: conv!.id, senderId: me.user.id, text: 'Is it still there?' },
        { conversationId: conv!.id, senderId: other.user.id, text: 'Yes it is.' },
      ]);
    const res = await call('GET', '/account/export', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.data;
    expect(data.profile).toMatchObject({ id: me.user.id, email: me.user.email });
    expect(data.ads.map((a: { id: number }) => a.id)).toEqual([myAd.id]);
    expect(data.wishlist).toEqual([expect.objectContaining({ adId: theirAd.id, heading: theirAd.heading })]);
    expect(data.conversations[0].messages).toEqual([
      expect.objectContaining({ fromMe: true, text: 'Is it still there?' }),
      expect.objectContaining({ fromMe: false, text: 'Yes it is.' }),
    ]);
    expect(data.savedSearches).toEqual([expect.objectContaining({ name: 'Sofas', search: 'sofa' })]);
    const text = JSON.stringify(data);
    expect(text).not.toContain('secret-');
    expect(text).not.toContain(other.user.email);
    expect(text).not.toMatch(/argon2|passwordHash|renewTokenHash/);
    // The other user's export holds their ad, not mine.
    const theirs = await call('GET', '/account/export', { token: other.token });
    expect(theirs.data.ads.map((a: { id: number }) => a.id)).toEqual([theirAd.id]);
  });

  it('deletes the account with its ads, files, messages and sessions; login then fails', async () => {
    const me = await makeUser({ name: 'Del Eted' });
    const other = await makeUser();
    const ad = await makeAd({ userId: me.user.id, categoryId, gallery: 2 });
    const kept = await makeAd({ userId: other.user.id, categoryId });
    const [conv] = await db()
      .insert(conversations)
      .values({ adId: kept.id, adHeading: kept.heading, buyerId: me.user.id, sellerId: other.user.id })
      .returning();
    await db().insert(messages).values({ conversationId: conv!.id, senderId: me.user.id, text: 'Hello there' });
    const second = (await login(me.user.email, me.password)).data.token as string;
    await call('PATCH', '/account', { token: me.token, json: { newsletter: true } });
    const files = [ad.image, ...ad.galleryImages] as string[];
    for (const f of files) expect(await imageOnDisk(f)).toBe(true);
    const listed = async () =>
      ((await call('GET', `/all-ads?limit=50&category=${categorySlug}`)).data.ads ?? []).map(
        (a: { id: number }) => a.id,
      ) as number[];
    expect(await listed()).toContain(ad.id);

    const bad = await call('POST', '/account/delete', { token: me.token, json: {} });
    expect(bad.status).toBe(400);
    expect((await call('POST', '/account/delete', { token: me.token, json: { password: 'wrong' } })).status).toBe(400);
    const res = await call('POST', '/account/delete', {
      token: me.token,
      json: { password: me.password },
      headers: { cookie: `session=${me.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/session=;/);

    expect(await db().select().from(users).where(eq(users.id, me.user.id))).toHaveLength(0);
    expect(await db().select().from(messages).where(eq(messages.senderId, me.user.id))).toHaveLength(0);
    expect(await db().select().from(sessions).where(eq(sessions.userId, me.user.id))).toHaveLength(0);
    expect(
      await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, me.user.email)),
    ).toHaveLength(0);
    expect((await call('GET', '/user/me', { token: second })).status).toBe(401);
    expect((await login(me.user.email, me.password)).status).toBe(401);
    const after = await listed();
    expect(after).not.toContain(ad.id);
    expect(after).toContain(kept.id);
    for (const f of files) expect(await imageOnDisk(f)).toBe(false);
    expect(await imageOnDisk(kept.image as string)).toBe(true);
  });

  it('the last admin cannot delete themselves (409); with another admin they can', async () => {
    // Other tests made admins too: leave exactly one.
    await db().update(users).set({ role: 'customer' }).where(eq(users.role, 'admin'));
    const admin = await makeUser({ role: 'admin' });
    const res = await call('POST', '/account/delete', { token: admin.token, json: { password: admin.password } });
    expect(res.status).toBe(409);
    expect((await call('GET', '/user/me', { token: admin.token })).status).toBe(200);
    await makeUser({ role: 'admin' });
    const ok = await call('POST', '/account/delete', { token: admin.token, json: { password: admin.password } });
    expect(ok.status).toBe(200);
  });
});
