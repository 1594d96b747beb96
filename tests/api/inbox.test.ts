import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../api/db/client.ts';
import { inboxMessages, inboxReplies, siteSettings } from '../../api/db/schema/index.ts';
import { resetEnv } from '../../api/env.ts';
import { resetRateLimits } from '../../api/middleware/rate-limit.ts';
import { dropSettingsCache, getSettings } from '../../api/services/settings/get-settings.ts';
import { call, makeUser } from '../helpers/client.ts';
import { mailsTo, readOutbox } from '../helpers/outbox.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

let dataDir = '';
let admin: Awaited<ReturnType<typeof makeUser>>;
let customer: Awaited<ReturnType<typeof makeUser>>;
const TEAM = 'team@shop.example';

beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
  process.env.RATE_LIMIT_SCALE = '1';
  resetEnv();
  vi.spyOn(console, 'info').mockImplementation(() => {});
  admin = await makeUser({ role: 'admin', name: 'Ada Admin' });
  customer = await makeUser();
  await getSettings();
  await db().update(siteSettings).set({ email: TEAM });
  dropSettingsCache();
});
afterAll(() => {
  delete process.env.RATE_LIMIT_SCALE;
  resetEnv();
});
beforeEach(async () => {
  await resetRateLimits();
});

const visitor = (over: Record<string, unknown> = {}) => ({
  name: 'Vera Visitor',
  email: 'Vera@Example.com',
  subject: 'Opening hours',
  message: 'Are you open on Sunday?',
  ...over,
});

async function stored() {
  return db().select().from(inboxMessages).orderBy(inboxMessages.id);
}

describe(`the contact form on ${driver}`, () => {
  it('stores the message and mails the team (Reply-To the visitor); the answer says it was sent', async () => {
    const before = (await stored()).length;
    const res = await call('POST', '/contact', { json: visitor({ phone: '+1 555 0100' }) });
    expect(res.status).toBe(201);
    expect(res.data).toEqual({
      success: true,
      message: "Thanks for getting in touch! Your message was sent and we'll reply to your email soon.",
    });
    const rows = await stored();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      name: 'Vera Visitor',
      email: 'vera@example.com',
      phone: '+1 555 0100',
      subject: 'Opening hours',
      message: 'Are you open on Sunday?',
      source: 'contact',
      readAt: null,
    });
    const mails = mailsTo(await readOutbox(dataDir), TEAM);
    const mail = mails.find((m) => m.includes('Are you open on Sunday?'));
    expect(mail).toMatch(/^Subject: New Contact Us message: Opening hours/m);
    expect(mail).toMatch(/^Reply-To: vera@example\.com/m);
    expect(mail).toContain(`/admin/inbox/${rows.at(-1)!.id}`);
  });

  it('takes FAQ questions too (source faq, a phone number required), with their own answer', async () => {
    let res = await call('POST', '/contact', {
      json: { name: 'Quinn', email: 'quinn@example.com', message: 'Can I post for free?', source: 'faq' },
    });
    // The FAQ form asks for a phone number, and so does the server.
    expect(res.status).toBe(400);
    expect(res.data.message).toBe('Please enter your phone number.');
    res = await call('POST', '/contact', {
      json: {
        name: 'Quinn',
        email: 'quinn@example.com',
        phone: '+1 555 0199',
        message: 'Can I post for free?',
        source: 'faq',
      },
    });
    expect(res.status).toBe(201);
    expect(res.data.message).toBe("Thanks! Your question was sent and we'll reply to your email soon.");
    expect((await stored()).at(-1)).toMatchObject({ source: 'faq', subject: '' });
    const mail = mailsTo(await readOutbox(dataDir), TEAM).find((m) => m.includes('Can I post for free?'));
    expect(mail).toMatch(/^Subject: New FAQ question from Quinn/m);
  });

  it('refuses bad input with 400 naming the field, storing nothing', async () => {
    const before = (await stored()).length;
    const cases: [Record<string, unknown>, string][] = [
      [visitor({ name: '  ' }), 'Please enter your name.'],
      [visitor({ email: '' }), 'Please enter your email.'],
      [visitor({ email: 'not-an-address' }), 'Please enter a valid email.'],
      [visitor({ message: '' }), 'Please enter your message.'],
      [visitor({ message: 'x'.repeat(5001) }), 'Must be at most 5000 characters.'],
      [visitor({ phone: 'call me maybe' }), 'Please enter a valid phone number.'],
      [visitor({ source: 'admin' }), "source must be 'contact' or 'faq'."],
    ];
    for (const [json, error] of cases) {
      const res = await call('POST', '/contact', { json });
      expect(res.status, error).toBe(400);
      expect(res.data.error).toBe(error);
    }
    const { message: _, ...noMessage } = visitor();
    expect((await call('POST', '/contact', { json: noMessage })).data.error).toBe('Please enter your message.');
    expect((await call('POST', '/contact', { json: 'nonsense' })).status).toBe(400);
    expect(await stored()).toHaveLength(before);
  });

  it('keeps a line break in the subject out of the mail headers', async () => {
    expect((await call('POST', '/contact', { json: visitor({ subject: 'Hi\r\nBcc: x@evil.example' }) })).status).toBe(
      201,
    );
    expect((await stored()).at(-1)!.subject).toBe('Hi Bcc: x@evil.example');
    const mail = mailsTo(await readOutbox(dataDir), TEAM).find((m) => m.includes('Hi Bcc'));
    expect(mail).not.toMatch(/^Bcc:/m);
  });

  it('answers a filled honeypot like a success but stores and mails nothing', async () => {
    const before = (await stored()).length;
    const mailsBefore = (await readOutbox(dataDir)).length;
    const res = await call('POST', '/contact', { json: visitor({ website: 'http://spam.example' }) });
    expect(res.status).toBe(201);
    expect(res.data.success).toBe(true);
    expect(await stored()).toHaveLength(before);
    expect(await readOutbox(dataDir)).toHaveLength(mailsBefore);
  });

  it('takes a form sent at once: no timer refuses a person', async () => {
    const before = (await stored()).length;
    const fast = await call('POST', '/contact', { json: visitor({ fillMs: 400 }) });
    expect(fast.status).toBe(201);
    expect(await stored()).toHaveLength(before + 1);
  });

  it('limits one address to 10 messages an hour (429 with Retry-After)', async () => {
    for (let i = 0; i < 10; i++) expect((await call('POST', '/contact', { json: visitor() })).status).toBe(201);
    const before = (await stored()).length;
    const refused = await call('POST', '/contact', { json: visitor() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stored()).toHaveLength(before);
  });

  it('mails the first admin while Settings has no contact email', async () => {
    await db().update(siteSettings).set({ email: '' });
    dropSettingsCache();
    try {
      expect((await call('POST', '/contact', { json: visitor({ message: 'Who reads this?' }) })).status).toBe(201);
      const mails = mailsTo(await readOutbox(dataDir), admin.user.email);
      expect(mails.some((m) => m.includes('Who reads this?'))).toBe(true);
    } finally {
      await db().update(siteSettings).set({ email: TEAM });
      dropSettingsCache();
    }
  });

  it('stores one message for a retried submission (Idempotency-Key)', async () => {
    const headers = { 'Idempotency-Key': 'contact-retry-1' };
    const before = (await stored()).length;
    const first = await call('POST', '/contact', { json: visitor({ message: 'Once only' }), headers });
    const again = await call('POST', '/contact', { json: visitor({ message: 'Once only' }), headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await stored()).toHaveLength(before + 1);
  });
});

describe(`the admin inbox on ${driver}`, () => {
  it('is for admins only: 401 signed out, 403 for a customer', async () => {
    const [row] = await stored();
    for (const [method, path, json] of [
      ['GET', '/admin/inbox', undefined],
      ['GET', `/admin/inbox/${row!.id}`, undefined],
      ['POST', `/admin/inbox/${row!.id}/replies`, { text: 'Hi' }],
      ['DELETE', `/admin/inbox/${row!.id}`, undefined],
    ] as const) {
      expect((await call(method, path, { json })).status, path).toBe(401);
      expect((await call(method, path, { json, token: customer.token })).status, path).toBe(403);
    }
    // The customer's attempts changed nothing.
    const [after] = await db().select().from(inboxMessages).where(eq(inboxMessages.id, row!.id));
    expect(after!.readAt).toBeNull();
    expect(await db().select().from(inboxReplies)).toHaveLength(0);
  });

  it('lists newest first, one page at a time, with the unread count; unread=1 narrows it', async () => {
    const all = await stored();
    const res = await call('GET', '/admin/inbox?limit=2&page=1', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ total: all.length, unread: all.length, page: 1, limit: 2 });
    expect(res.data.totalPages).toBe(Math.ceil(all.length / 2));
    expect(res.data.data.map((m: { id: number }) => m.id)).toEqual([all.at(-1)!.id, all.at(-2)!.id]);
    const page2 = await call('GET', '/admin/inbox?limit=2&page=2', { token: admin.token });
    expect(page2.data.data.map((m: { id: number }) => m.id)).toEqual([all.at(-3)!.id, all.at(-4)!.id]);
    for (const bad of ['limit=0', 'limit=101', 'page=0', 'page=x', 'unread=yes']) {
      expect((await call('GET', `/admin/inbox?${bad}`, { token: admin.token })).status, bad).toBe(400);
    }
  });

  it('marks a message read when an admin opens it (once: the first time stays)', async () => {
    const target = (await stored())[0]!;
    const opened = await call('GET', `/admin/inbox/${target.id}`, { token: admin.token });
    expect(opened.status).toBe(200);
    expect(opened.data.data).toMatchObject({ id: target.id, read: true, replies: [] });
    const firstRead = opened.data.data.readAt;
    const again = await call('GET', `/admin/inbox/${target.id}`, { token: admin.token });
    expect(again.data.data.readAt).toBe(firstRead);
    const list = await call('GET', '/admin/inbox', { token: admin.token });
    expect(list.data.unread).toBe(list.data.total - 1);
    const unreadOnly = await call('GET', '/admin/inbox?unread=1&limit=100', { token: admin.token });
    expect(unreadOnly.data.data.map((m: { id: number }) => m.id)).not.toContain(target.id);
    expect((await call('GET', '/admin/inbox/999999', { token: admin.token })).status).toBe(404);
  });

  it('mails a reply to the sender and keeps it in the thread; a retry sends one', async () => {
    const target = (await stored())[1]!;
    const headers = { 'Idempotency-Key': `reply-${target.id}` };
    const json = { text: 'Yes, from 10 to 4.' };
    const res = await call('POST', `/admin/inbox/${target.id}/replies`, { token: admin.token, json, headers });
    expect(res.status).toBe(201);
    expect(res.data.message).toBe('Your reply was mailed to the sender.');
    expect(res.data.data.replies).toEqual([
      expect.objectContaining({ text: 'Yes, from 10 to 4.', authorName: 'Ada Admin' }),
    ]);
    expect(res.data.data.read).toBe(true);
    const replay = await call('POST', `/admin/inbox/${target.id}/replies`, { token: admin.token, json, headers });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await db().select().from(inboxReplies).where(eq(inboxReplies.messageId, target.id))).toHaveLength(1);
    const mails = mailsTo(await readOutbox(dataDir), target.email).filter((m) => m.includes('Yes, from 10 to 4.'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(new RegExp(`^Subject: Re: ${target.subject}`, 'm'));
    expect(mails[0]).toMatch(new RegExp(`^Reply-To: ${TEAM}`, 'm'));
    expect(mails[0]).toContain(`> ${target.message}`);
    const thread = await call('GET', `/admin/inbox/${target.id}`, { token: admin.token });
    expect(thread.data.data.replies).toHaveLength(1);
  });

  it('refuses an empty reply (400) and a reply to a missing message (404)', async () => {
    const target = (await stored())[2]!;
    const empty = await call('POST', `/admin/inbox/${target.id}/replies`, { token: admin.token, json: { text: ' ' } });
    expect(empty.status).toBe(400);
    expect(empty.data.error).toBe('Please write a reply.');
    const missing = await call('POST', '/admin/inbox/999999/replies', { token: admin.token, json: { text: 'Hi' } });
    expect(missing.status).toBe(404);
    expect(await db().select().from(inboxReplies).where(eq(inboxReplies.messageId, target.id))).toHaveLength(0);
  });

  it('deletes a message with its replies', async () => {
    const target = (await stored())[1]!;
    const res = await call('DELETE', `/admin/inbox/${target.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.data.message).toBe('Message deleted.');
    expect((await call('GET', `/admin/inbox/${target.id}`, { token: admin.token })).status).toBe(404);
    expect(await db().select().from(inboxReplies).where(eq(inboxReplies.messageId, target.id))).toHaveLength(0);
    expect((await call('DELETE', `/admin/inbox/${target.id}`, { token: admin.token })).status).toBe(404);
  });
});
