import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../api/app.ts';
import { db } from '../../api/db/client.ts';
import { ads, messages, users } from '../../api/db/schema/index.ts';
import { runQueuedJobs } from '../../api/jobs/workers.ts';
import { limitMessages, limitNewConversations } from '../../api/middleware/rate-limit.ts';
import { publish, subscribe } from '../../api/services/messages/live-hub.ts';
import { notifyNewMessage } from '../../api/services/messages/notify-new-message.ts';
import { sendMessage } from '../../api/services/messages/send-message.ts';
import { startConversation } from '../../api/services/messages/start-conversation.ts';
import { deleteUser } from '../../api/services/users/delete-user.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

type TUser = Awaited<ReturnType<typeof makeUser>>;
let dataDir = '';
let categoryId = 0;

beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
  categoryId = (await insertCategory({ name: 'Chat things' }))!.id;
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

async function adOf(seller: TUser, heading = 'Green sofa') {
  return (await insertAd({ heading, categoryId, userId: seller.user.id, price: 120 }))!;
}

async function start(buyer: TUser, adId: number, text = 'Hi, is this still available?') {
  return call('POST', '/conversations', { token: buyer.token, json: { adId, text } });
}

/** The .eml files in the outbox after the queued jobs ran. */
async function outbox(): Promise<string[]> {
  await runQueuedJobs();
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''));
}

describe(`conversations on ${driver}`, () => {
  it('starts one conversation per ad and buyer, and starting again adds to it', async () => {
    const seller = await makeUser({ name: 'Sam Seller' });
    const buyer = await makeUser({ name: 'Bea Buyer' });
    const ad = await adOf(seller);
    const first = await start(buyer, ad.id);
    expect(first.status).toBe(201);
    expect(first.data.conversation).toMatchObject({
      ad: { id: ad.id, heading: 'Green sofa', removed: false, price: 120 },
      other: { id: seller.user.id, name: 'Sam Seller' },
      role: 'buyer',
      lastMessage: { text: 'Hi, is this still available?', fromMe: true },
      unread: 0,
      blocked: false,
    });
    const again = await start(buyer, ad.id, 'Also, can you deliver?');
    expect(again.status).toBe(201);
    expect(again.data.conversation.id).toBe(first.data.conversation.id);
    const thread = await call('GET', `/conversations/${first.data.conversation.id}`, { token: seller.token });
    expect(thread.status).toBe(200);
    expect(thread.data.messages.map((m: { text: string }) => m.text)).toEqual([
      'Hi, is this still available?',
      'Also, can you deliver?',
    ]);
    expect(thread.data.conversation).toMatchObject({ role: 'seller', unread: 2, other: { name: 'Bea Buyer' } });
    expect(thread.data.readOnly).toBe(false);
    // Nobody's email is part of any answer.
    expect(JSON.stringify([first.data, again.data, thread.data])).not.toMatch(/@example\.com/);
  });

  it('refuses messaging your own ad (400), a missing ad (404), bad text (400) and signed-out callers (401)', async () => {
    const seller = await makeUser();
    const ad = await adOf(seller);
    expect((await start(seller, ad.id)).status).toBe(400);
    expect((await start(seller, 999_999)).status).toBe(404);
    const buyer = await makeUser();
    for (const text of ['', '   ', 'x'.repeat(2001)]) {
      const res = await start(buyer, ad.id, text);
      expect(res.status).toBe(400);
      expect(res.data.success).toBe(false);
    }
    // 2000 characters after trimming is fine; emoji count as one character each.
    expect((await start(buyer, ad.id, `  ${'😀'.repeat(2000)}  `)).status).toBe(201);
    const anonymous = await call('POST', '/conversations', { json: { adId: ad.id, text: 'Hi' } });
    expect(anonymous.status).toBe(401);
    // A sold ad takes no new conversation (409); one under review is not there for buyers (404).
    const other = await adOf(seller);
    await db().update(ads).set({ status: 'sold' }).where(eq(ads.id, other.id));
    expect((await start(buyer, other.id)).status).toBe(409);
    await db().update(ads).set({ status: 'pending' }).where(eq(ads.id, other.id));
    expect((await start(buyer, other.id)).status).toBe(404);
  });

  it('keeps HTML as the text it is', async () => {
    const seller = await makeUser();
    const buyer = await makeUser();
    const ad = await adOf(seller);
    const text = '<img src=x onerror=alert(1)> <b>bold</b> https://example.org/?a=1&b=2';
    const res = await start(buyer, ad.id, text);
    const thread = await call('GET', `/conversations/${res.data.conversation.id}`, { token: seller.token });
    expect(thread.data.messages[0].text).toBe(text);
  });

  it('lets only the two participants in: 403 for others, 404 for none; an admin reads a reported one, read-only', async () => {
    const seller = await makeUser();
    const buyer = await makeUser();
    const stranger = await makeUser();
    const admin = await makeUser({ role: 'admin' });
    const ad = await adOf(seller);
    const id = (await start(buyer, ad.id)).data.conversation.id;
    for (const who of [stranger, admin]) {
      expect((await call('GET', `/conversations/${id}`, { token: who.token })).status).toBe(403);
      expect(
        (await call('POST', `/conversations/${id}/messages`, { token: who.token, json: { text: 'x' } })).status,
      ).toBe(403);
      expect((await call('POST', `/conversations/${id}/read`, { token: who.token })).status).toBe(403);
      expect((await call('POST', `/conversations/${id}/block`, { token: who.token })).status).toBe(403);
    }
    expect((await call('GET', '/conversations/999999', { token: buyer.token })).status).toBe(404);
    expect((await call('GET', `/conversations/${id}`)).status).toBe(401);
    const list = await call('GET', '/conversations', { token: stranger.token });
    expect(list.data.conversations).toEqual([]);

    const report = await call('POST', `/conversations/${id}/report`, {
      token: buyer.token,
      json: { reason: 'Asked me to pay outside the site' },
    });
    expect(report.status).toBe(201);
    const again = await call('POST', `/conversations/${id}/report`, { token: buyer.token, json: { reason: 'Again' } });
    expect(again.status).toBe(409);
    const read = await call('GET', `/conversations/${id}`, { token: admin.token });
    expect(read.status).toBe(200);
    expect(read.data.readOnly).toBe(true);
    expect(read.data.messages).toHaveLength(1);
    // Seen from the seller's side: the buyer is "the other", and the buyer's message unread.
    expect(read.data.conversation).toMatchObject({ role: 'seller', unread: 1, other: { id: buyer.user.id } });
    expect(read.data.messages[0].mine).toBe(false);
    // Read-only: the admin cannot write in it, and a stranger still cannot read it.
    expect(
      (await call('POST', `/conversations/${id}/messages`, { token: admin.token, json: { text: 'x' } })).status,
    ).toBe(403);
    expect((await call('GET', `/conversations/${id}`, { token: stranger.token })).status).toBe(403);
  });

  it('blocks both ways until the one who blocked lifts it; the history stays', async () => {
    const seller = await makeUser();
    const buyer = await makeUser();
    const ad = await adOf(seller);
    const id = (await start(buyer, ad.id)).data.conversation.id;
    expect((await call('POST', `/conversations/${id}/block`, { token: seller.token })).status).toBe(200);
    for (const who of [buyer, seller]) {
      const res = await call('POST', `/conversations/${id}/messages`, { token: who.token, json: { text: 'Hello?' } });
      expect(res.status).toBe(403);
    }
    expect((await start(buyer, ad.id, 'Trying again')).status).toBe(403);
    const thread = await call('GET', `/conversations/${id}`, { token: buyer.token });
    expect(thread.data.messages).toHaveLength(1);
    expect(thread.data.conversation).toMatchObject({ blocked: true, blockedByMe: false });
    expect((await call('DELETE', `/conversations/${id}/block`, { token: buyer.token })).status).toBe(403);
    expect((await call('DELETE', `/conversations/${id}/block`, { token: seller.token })).status).toBe(200);
    const after = await call('POST', `/conversations/${id}/messages`, { token: buyer.token, json: { text: 'Thanks' } });
    expect(after.status).toBe(201);
    expect(after.data.sent).toMatchObject({ text: 'Thanks', mine: true, senderId: buyer.user.id });
  });

  it('counts unread messages and clears them when the thread is read', async () => {
    const seller = await makeUser();
    const buyerA = await makeUser();
    const buyerB = await makeUser();
    const ad = await adOf(seller);
    const a = (await start(buyerA, ad.id)).data.conversation.id;
    await call('POST', `/conversations/${a}/messages`, { token: buyerA.token, json: { text: 'Second' } });
    await start(buyerB, ad.id);
    expect((await call('GET', '/conversations/unread-count', { token: seller.token })).data.unread).toBe(3);
    expect((await call('GET', '/conversations/unread-count', { token: buyerA.token })).data.unread).toBe(0);
    const list = await call('GET', `/conversations?adId=${ad.id}`, { token: seller.token });
    expect(list.data.total).toBe(2);
    // Newest activity first.
    expect(list.data.conversations.map((c: { unread: number }) => c.unread)).toEqual([1, 2]);
    const read = await call('POST', `/conversations/${a}/read`, { token: seller.token });
    expect(read.data.unread).toBe(1);
    await call('POST', `/conversations/${a}/messages`, { token: seller.token, json: { text: 'Yes, still here' } });
    expect((await call('GET', '/conversations/unread-count', { token: buyerA.token })).data.unread).toBe(1);
    const paged = await call('GET', '/conversations?limit=1&page=2', { token: seller.token });
    expect(paged.data).toMatchObject({ total: 2, page: 2, totalPages: 2 });
    expect(paged.data.conversations).toHaveLength(1);
  });

  it('keeps the thread when the ad is deleted, and shows "Deleted user" when a person is', async () => {
    const seller = await makeUser({ name: 'Leaving Seller' });
    const buyer = await makeUser();
    const ad = await adOf(seller, 'Old bike');
    const id = (await start(buyer, ad.id)).data.conversation.id;
    await call('POST', `/conversations/${id}/messages`, { token: seller.token, json: { text: 'Sold soon' } });
    expect((await call('DELETE', `/ads/${ad.id}`, { token: seller.token })).status).toBe(200);
    const afterAd = await call('GET', `/conversations/${id}`, { token: buyer.token });
    expect(afterAd.data.conversation.ad).toMatchObject({ id: null, heading: 'Old bike', removed: true });
    await deleteUser({ id: seller.user.id });
    const afterUser = await call('GET', `/conversations/${id}`, { token: buyer.token });
    expect(afterUser.status).toBe(200);
    expect(afterUser.data.conversation.other).toEqual({ id: null, name: 'Deleted user' });
    // Their messages went with them; the buyer's stay.
    expect(afterUser.data.messages.map((m: { text: string }) => m.text)).toEqual(['Hi, is this still available?']);
  });

  it('replays a start retried with the same Idempotency-Key instead of sending twice', async () => {
    const seller = await makeUser();
    const buyer = await makeUser();
    const ad = await adOf(seller);
    const headers = { 'idempotency-key': `start-${ad.id}` };
    const json = { adId: ad.id, text: 'Only once' };
    const one = await call('POST', '/conversations', { token: buyer.token, json, headers });
    const two = await call('POST', '/conversations', { token: buyer.token, json, headers });
    expect(two.status).toBe(201);
    expect(two.headers.get('idempotent-replayed')).toBe('true');
    expect(two.data).toEqual(one.data);
    const rows = await db().select().from(messages).where(eq(messages.conversationId, one.data.conversation.id));
    expect(rows).toHaveLength(1);
  });
});

describe(`message mails on ${driver}`, () => {
  const mailsTo = (all: string[], email: string) => all.filter((m) => m.includes(`To: ${email}`));

  it('mails the recipient once per 15 minutes at most, after a short wait, about what is still unread', async () => {
    const seller = await makeUser({ name: 'Mia Seller' });
    const buyer = await makeUser({ name: 'Ben Buyer' });
    const ad = await adOf(seller, 'Blue lamp');
    const t0 = new Date(Date.now() - 60 * 60_000);
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    // Counted as the routes count them.
    const countMessage = () => limitMessages(buyer.user.id);
    const { conversation } = await startConversation({
      user: buyer.user,
      countNewConversation: () => limitNewConversations(buyer.user.id),
      countMessage,
      adId: ad.id,
      text: 'Is it still available?',
      now: t0,
    });
    const id = conversation.id;
    // The mail waits MESSAGE_MAIL_DELAY_SECONDS: nothing yet.
    expect(mailsTo(await outbox(), seller.user.email)).toHaveLength(0);
    expect(await notifyNewMessage({ conversationId: id, recipientId: seller.user.id, now: at(2) })).toEqual({
      mailed: true,
    });
    let mails = mailsTo(await outbox(), seller.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Is it still available?');
    expect(mails[0]).toContain(`/admin/messages/${id}?from=`); // quoted-printable: =3Dmail
    expect(mails[0]).toContain('Blue lamp');
    // More messages within 15 minutes of that mail, unread or read in between: no more mail.
    await sendMessage({ user: buyer.user, countMessage, id, text: 'Hello?', now: at(5) });
    await call('POST', `/conversations/${id}/read`, { token: seller.token });
    await sendMessage({ user: buyer.user, countMessage, id, text: 'Anyone?', now: at(14) });
    expect((await notifyNewMessage({ conversationId: id, recipientId: seller.user.id, now: at(16) })).mailed).toBe(
      false,
    );
    // 15 minutes after the mail, still unread: one more, about the newest.
    expect((await notifyNewMessage({ conversationId: id, recipientId: seller.user.id, now: at(18) })).mailed).toBe(
      true,
    );
    mails = mailsTo(await outbox(), seller.user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain('Anyone?');
    // Read before the wait is over: no mail at all.
    await sendMessage({ user: buyer.user, countMessage, id, text: 'Last try', now: at(40) });
    await call('POST', `/conversations/${id}/read`, { token: seller.token });
    expect((await notifyNewMessage({ conversationId: id, recipientId: seller.user.id, now: at(42) })).mailed).toBe(
      false,
    );
    // The sender is never mailed about their own messages.
    expect(mailsTo(await outbox(), buyer.user.email)).toHaveLength(0);
  });

  it('a seller reading the thread live gets no mail for a live chat (21 messages, 0 mails)', async () => {
    const seller = await makeUser({ name: 'Liv Live' });
    const buyer = await makeUser();
    const ad = await adOf(seller, 'Red chair');
    const id = (await start(buyer, ad.id, 'Hi!')).data.conversation.id;
    await call('POST', `/conversations/${id}/read`, { token: seller.token });
    for (let i = 1; i <= 20; i++) {
      await call('POST', `/conversations/${id}/messages`, { token: buyer.token, json: { text: `Message ${i}` } });
      // The open thread marks each message read as it arrives.
      await call('POST', `/conversations/${id}/read`, { token: seller.token });
    }
    // Every delayed mail job comes due now: each finds the messages read.
    await runQueuedJobs(undefined, { early: true });
    expect(mailsTo(await outbox(), seller.user.email)).toHaveLength(0);
  });

  it('sends nothing to someone who turned message mails off', async () => {
    const seller = await makeUser();
    const buyer = await makeUser();
    const ad = await adOf(seller);
    const off = await call('PUT', '/user/message-preferences', { token: seller.token, json: { messageMails: false } });
    expect(off.data.messageMails).toBe(false);
    expect((await call('GET', '/user/message-preferences', { token: seller.token })).data.messageMails).toBe(false);
    await start(buyer, ad.id);
    await runQueuedJobs(undefined, { early: true });
    expect(mailsTo(await outbox(), seller.user.email)).toHaveLength(0);
    const [row] = await db().select({ on: users.messageMails }).from(users).where(eq(users.id, seller.user.id));
    expect(row?.on).toBe(false);
  });
});

describe(`live events on ${driver}`, () => {
  it('streams a new message and the unread count to the recipient', async () => {
    const app = createApp();
    const seller = await makeUser();
    const buyer = await makeUser();
    const ad = await adOf(seller);
    const res = await app.request('http://localhost/api/conversations/events', {
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        text += decoder.decode(value);
      }
    };
    await readUntil('event: unread');
    await start(buyer, ad.id, 'Live hello');
    await readUntil('Live hello');
    await readUntil('{"unread":1}');
    expect(text).toContain('event: message');
    await reader.cancel();
  });

  it('delivers a notice from another process through PostgreSQL NOTIFY', async () => {
    if (driver !== 'postgres') return;
    const got: unknown[] = [];
    const off = await subscribe(424242, (n) => got.push(n));
    try {
      await publish([{ kind: 'read', userId: 424242, conversationId: 7 }]);
      await vi.waitFor(() => expect(got).toEqual([{ kind: 'read', userId: 424242, conversationId: 7 }]));
    } finally {
      off();
    }
  });
});

describe(`conversation rate limits on ${driver}`, () => {
  it('answers 429 with Retry-After past 60 messages a minute and 20 new conversations an hour', async () => {
    const { forgetLimiters, resetRateLimits } = await import('../../api/middleware/rate-limit.ts');
    const scale = process.env.RATE_LIMIT_SCALE;
    process.env.RATE_LIMIT_SCALE = '1';
    forgetLimiters();
    await resetRateLimits();
    try {
      const seller = await makeUser();
      const buyer = await makeUser();
      const ad = await adOf(seller);
      const id = (await start(buyer, ad.id)).data.conversation.id;
      let last = 0;
      for (let i = 0; i < 60; i++) {
        last = (await call('POST', `/conversations/${id}/messages`, { token: buyer.token, json: { text: `m${i}` } }))
          .status;
        if (last !== 201) break;
      }
      expect(last).toBe(429);
      const refused = await call('POST', `/conversations/${id}/messages`, {
        token: buyer.token,
        json: { text: 'more' },
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // The other side is not limited by the buyer's pace.
      const reply = await call('POST', `/conversations/${id}/messages`, { token: seller.token, json: { text: 'ok' } });
      expect(reply.status).toBe(201);

      const shopper = await makeUser();
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await start(shopper, (await adOf(seller, `Thing ${i}`)).id)).status);
      expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      process.env.RATE_LIMIT_SCALE = scale;
      forgetLimiters();
    }
  });
});
