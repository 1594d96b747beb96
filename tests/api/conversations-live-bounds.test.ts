import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openListenerCount } from '../../api/services/messages/live-hub.ts';
import { openStreamCount } from '../../api/services/messages/live-streams.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { withRealRateLimits } from '../helpers/real-rate-limits.ts';
import { serveApp, type TServedApp } from '../helpers/serve-app.ts';
import { openStream } from '../helpers/sse-stream.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

type TUser = Awaited<ReturnType<typeof makeUser>>;

let served: TServedApp;
let categoryId = 0;

beforeAll(async () => {
  await setupTestDb();
  categoryId = (await insertCategory({ name: 'Bounded things' }))!.id;
  served = await serveApp();
});
afterAll(async () => {
  await served?.close();
});

/** A conversation between a new buyer and `seller` about a new ad of theirs; its id. */
async function conversationWith(seller: TUser, buyer: TUser, text = 'Hello') {
  const ad = (await insertAd({ heading: 'Blue lamp', categoryId, userId: seller.user.id, price: 20 }))!;
  const res = await call('POST', '/conversations', { token: buyer.token, json: { adId: ad.id, text } });
  expect(res.status).toBe(201);
  return (res.data as { conversation: { id: number } }).conversation.id;
}

describe(`bounded live streams on ${driver}`, () => {
  it('keeps at most 5 streams per user: a 6th and 7th close the oldest with a `closed` event saying why', async () => {
    const user = await makeUser();
    const before = openStreamCount();
    const tabs = [];
    for (let i = 0; i < 7; i++) {
      const tab = await openStream(served.origin, user.token);
      expect(tab.res.status).toBe(200);
      await tab.next('unread');
      tabs.push(tab);
    }
    try {
      expect(openStreamCount()).toBe(before + 5);
      for (const oldest of tabs.slice(0, 2)) {
        expect(await oldest.next('closed')).toEqual({ reason: 'too-many-streams' });
        expect(await oldest.ended()).toBe(true);
        // The browser is told to wait a minute before trying again, not to loop.
        expect(oldest.raw()).toContain('retry: 60000');
      }
      // The five newest still hear the user's events.
      const buyer = await makeUser();
      const id = await conversationWith(user, buyer, 'Still there?');
      for (const tab of tabs.slice(2)) {
        expect(await tab.next('message')).toMatchObject({ conversationId: id, message: { text: 'Still there?' } });
      }
    } finally {
      await Promise.all(tabs.map((t) => t.close()));
    }
    await expect.poll(() => openStreamCount(), { timeout: 20_000 }).toBe(before);
  });

  it('answers 503 with Retry-After once the process holds LIVE_STREAMS_MAX streams', async () => {
    const first = await makeUser();
    const second = await makeUser();
    const saved = process.env.LIVE_STREAMS_MAX;
    const held = await openStream(served.origin, first.token);
    await held.next('unread');
    process.env.LIVE_STREAMS_MAX = String(openStreamCount());
    try {
      const refused = await fetch(`${served.origin}/api/conversations/events`, {
        headers: { authorization: `Bearer ${second.token}` },
      });
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({
        success: false,
        message: 'Too many live connections right now. The page will try again in a moment.',
      });
      // Ordinary requests are not affected.
      expect((await call('GET', '/conversations/unread-count', { token: second.token })).status).toBe(200);
    } finally {
      if (saved === undefined) delete process.env.LIVE_STREAMS_MAX;
      else process.env.LIVE_STREAMS_MAX = saved;
      await held.close();
    }
    const again = await openStream(served.origin, second.token);
    expect(again.res.status).toBe(200);
    await again.close();
  });

  it('hears a user’s notices once for all their streams (one event built per user, not per stream)', async () => {
    const seller = await makeUser();
    const buyer = await makeUser();
    const listenersBefore = openListenerCount();
    const tabs = [];
    for (let i = 0; i < 3; i++) tabs.push(await openStream(served.origin, seller.token));
    try {
      for (const tab of tabs) await tab.next('unread');
      expect(openListenerCount()).toBe(listenersBefore + 1);
      const id = await conversationWith(seller, buyer, 'Every tab');
      const got = await Promise.all(tabs.map((t) => t.next('message')));
      for (const g of got) expect(g).toMatchObject({ conversationId: id, message: { text: 'Every tab', mine: false } });
    } finally {
      await Promise.all(tabs.map((t) => t.close()));
    }
  });

  it('limits marking conversations read per user: 429 past 120 a minute', async () => {
    await withRealRateLimits(async () => {
      const seller = await makeUser();
      const buyer = await makeUser();
      const id = await conversationWith(seller, buyer);
      const statuses: number[] = [];
      for (let i = 0; i < 120; i++) {
        statuses.push((await call('POST', `/conversations/${id}/read`, { token: seller.token })).status);
      }
      expect(statuses.every((s) => s === 200)).toBe(true);
      const refused = await call('POST', `/conversations/${id}/read`, { token: seller.token });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBeTruthy();
      expect(refused.data).toMatchObject({
        success: false,
        message: 'You are marking conversations read too fast. Please wait a moment and try again.',
      });
      // Another user is not limited by it.
      expect((await call('POST', `/conversations/${id}/read`, { token: buyer.token })).status).toBe(200);
    });
  });
});

describe(`live events with memory on ${driver}`, () => {
  it('gives every event an id and replays exactly the missed messages to a stream reopened with Last-Event-ID', async () => {
    const seller = await makeUser();
    const buyer = await makeUser();
    const id = await conversationWith(seller, buyer, 'Before the stream');
    const first = await openStream(served.origin, seller.token);
    await first.next('unread');
    await call('POST', `/conversations/${id}/messages`, { token: buyer.token, json: { text: 'Seen live' } });
    await first.next('message', (d) => d.message.text === 'Seen live');
    await first.next('unread', (d) => d.unread === 2);
    const events = first.events();
    expect(events.every((e) => e.id !== undefined && /^\d+$/.test(e.id))).toBe(true);
    const lastId = events[events.length - 1]!.id as string;
    await first.close();

    const missed = ['Missed one', 'Missed two', 'Missed three'];
    for (const text of missed) {
      expect((await call('POST', `/conversations/${id}/messages`, { token: buyer.token, json: { text } })).status).toBe(
        201,
      );
    }
    // Another user's conversation is none of this stream's business.
    const other = await makeUser();
    await conversationWith(other, buyer, 'Not for this seller');

    const again = await openStream(served.origin, seller.token, { 'last-event-id': lastId });
    try {
      const replayed = [];
      for (let i = 0; i < missed.length; i++) replayed.push((await again.next('message')).message.text);
      expect(replayed).toEqual(missed);
      expect(await again.next('unread')).toEqual({ unread: 5 });
      expect(again.events().filter((e) => e.event === 'message')).toHaveLength(3);
      expect(again.raw()).not.toContain('Seen live');
      expect(again.raw()).not.toContain('Not for this seller');
    } finally {
      await again.close();
    }

    // A page reopening its stream itself names the id in the query; a stream without one replays nothing.
    const byQuery = await openStream(served.origin, seller.token, {}, `?lastEventId=${lastId}`);
    const fresh = await openStream(served.origin, seller.token);
    try {
      expect((await byQuery.next('message')).message.text).toBe('Missed one');
      await fresh.next('unread');
      expect(fresh.events().filter((e) => e.event === 'message')).toEqual([]);
    } finally {
      await Promise.all([byQuery.close(), fresh.close()]);
    }
  });

  it('refuses a malformed lastEventId with 400', async () => {
    const user = await makeUser();
    const res = await call('GET', '/conversations/events?lastEventId=abc', { token: user.token });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ success: false });
  });
});
