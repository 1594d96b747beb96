import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connection } from '../../api/db/client.ts';
import { endAllStreams, publish, subscribe, type TLiveNotice } from '../../api/services/messages/live-hub.ts';
import { openStreamCount } from '../../api/services/messages/live-streams.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { makeUser } from '../helpers/client.ts';
import { serveApp, type TServedApp } from '../helpers/serve-app.ts';
import { openStream as openSseStream } from '../helpers/sse-stream.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

type TUser = Awaited<ReturnType<typeof makeUser>>;

let served: TServedApp;
let categoryId = 0;
let dataDir = '';

beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
  categoryId = (await insertCategory({ name: 'Live things' }))!.id;
  served = await serveApp();
});
afterAll(async () => {
  await served?.close();
});

async function adOf(seller: TUser) {
  return (await insertAd({ heading: 'Red kettle', categoryId, userId: seller.user.id, price: 15 }))!;
}

/** A request to the served app over HTTP, signed in with `token`. */
function http(method: string, p: string, token?: string, json?: unknown) {
  return fetch(`${served.origin}/api${p}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
  });
}

/** An open event stream of the served app, signed in with `token`. */
const openStream = (token: string) => openSseStream(served.origin, token);

describe(`live events through a real HTTP server on ${driver}`, () => {
  it('refuses a signed-out stream with 401', async () => {
    const res = await http('GET', '/conversations/events');
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it('delivers a message to the other side and to the sender’s other tab, with the unread count, and a read mark to the reader’s other tab', async () => {
    const seller = await makeUser({ name: 'Stream Seller' });
    const buyer = await makeUser({ name: 'Stream Buyer' });
    const ad = await adOf(seller);
    const sellerTab = await openStream(seller.token);
    const sellerOtherTab = await openStream(seller.token);
    const buyerTab = await openStream(buyer.token);
    try {
      expect(sellerTab.res.status).toBe(200);
      expect(sellerTab.res.headers.get('content-type')).toContain('text/event-stream');
      expect(sellerTab.res.headers.get('cache-control')).toContain('no-store');
      // Each stream opens with the caller's count.
      expect(await sellerTab.next('unread')).toEqual({ unread: 0 });
      expect(await sellerOtherTab.next('unread')).toEqual({ unread: 0 });
      expect(await buyerTab.next('unread')).toEqual({ unread: 0 });

      const started = await http('POST', '/conversations', buyer.token, {
        adId: ad.id,
        text: 'Is it <b>still</b> here?',
      });
      expect(started.status).toBe(201);
      const id = ((await started.json()) as { conversation: { id: number } }).conversation.id;

      const got = await sellerTab.next('message');
      expect(got).toMatchObject({
        conversationId: id,
        message: { text: 'Is it <b>still</b> here?', senderId: buyer.user.id, mine: false },
      });
      expect(await sellerTab.next('unread', (d) => d.unread === 1)).toEqual({ unread: 1 });
      // The sender's own stream hears it too (their other tabs), as theirs.
      expect(await buyerTab.next('message')).toMatchObject({ conversationId: id, message: { mine: true } });

      // The seller answers over HTTP; the buyer's stream has it.
      const sent = await http('POST', `/conversations/${id}/messages`, seller.token, { text: 'Yes it is' });
      expect(sent.status).toBe(201);
      expect(await buyerTab.next('message', (d) => d.message.text === 'Yes it is')).toMatchObject({
        conversationId: id,
        message: { senderId: seller.user.id, mine: false },
      });
      expect(await buyerTab.next('unread', (d) => d.unread === 1)).toEqual({ unread: 1 });

      // Reading in one tab clears the other's badge.
      const read = await http('POST', `/conversations/${id}/read`, seller.token);
      expect(read.status).toBe(200);
      expect(await sellerOtherTab.next('read')).toEqual({ conversationId: id });
      expect(await sellerOtherTab.next('unread', (d) => d.unread === 0)).toEqual({ unread: 0 });

      // Nobody's email travels in a stream.
      for (const tab of [sellerTab, sellerOtherTab, buyerTab]) {
        expect(tab.raw()).not.toContain(seller.user.email);
        expect(tab.raw()).not.toContain(buyer.user.email);
      }
    } finally {
      await Promise.all([sellerTab.close(), sellerOtherTab.close(), buyerTab.close()]);
    }
  });

  it('tells a stream nothing about other people’s conversations', async () => {
    const seller = await makeUser();
    const buyer = await makeUser();
    const stranger = await makeUser();
    const ad = await adOf(seller);
    const strangerTab = await openStream(stranger.token);
    const sellerTab = await openStream(seller.token);
    try {
      await strangerTab.next('unread');
      await sellerTab.next('unread');
      await http('POST', '/conversations', buyer.token, { adId: ad.id, text: 'Private question' });
      await sellerTab.next('message');
      // The stranger's own event, sent after the buyer's message, arrives with nothing before it.
      const ownAd = await adOf(stranger);
      await http('POST', '/conversations', seller.token, { adId: ownAd.id, text: 'For the stranger' });
      const first = await strangerTab.next('message');
      expect(first.message.text).toBe('For the stranger');
      expect(strangerTab.raw()).not.toContain('Private question');
    } finally {
      await Promise.all([strangerTab.close(), sellerTab.close()]);
    }
  });

  it('lets go of a stream when its page closes it, and ends open streams at shutdown', async () => {
    const user = await makeUser();
    const before = openStreamCount();
    const closed = await openStream(user.token);
    await closed.next('unread');
    expect(openStreamCount()).toBe(before + 1);
    await closed.close();
    await expect.poll(() => openStreamCount(), { timeout: 20_000 }).toBe(before);

    const tab = await openStream(user.token);
    await tab.next('unread');
    expect(openStreamCount()).toBe(before + 1);
    // What the site server calls on SIGTERM (server/shutdown.ts).
    endAllStreams();
    expect(await tab.ended()).toBe(true);
    await expect.poll(() => openStreamCount(), { timeout: 20_000 }).toBe(before);
  });
});

describe.skipIf(driver !== 'postgres')('live fan-out across processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let child: ChildProcess | undefined;
  const heard: TLiveNotice[] = [];
  let seller: TUser;

  beforeAll(async () => {
    seller = await makeUser({ name: 'Far Seller' });
    child = fork(path.resolve('tests/helpers/live-listener.ts'), [], {
      execArgv: ['--experimental-strip-types', '--no-warnings'],
      env: { ...process.env, DATABASE_URL: connection().url, DATA_DIR: dataDir, LIVE_USER_IDS: String(seller.user.id) },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const ready = new Promise((resolve) => child?.once('message', resolve));
    child.on('message', (m: { heard?: TLiveNotice }) => {
      if (m.heard) heard.push(m.heard);
    });
    await ready;
  });
  afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child?.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  });

  const convOf = (n: TLiveNotice) => ('conversationId' in n ? n.conversationId : undefined);
  /** NOTIFYs reach a listener in commit order: once `marker` is heard, everything before it was. */
  const marker = (n: number): TLiveNotice => ({ kind: 'read', userId: seller.user.id, conversationId: 900_000 + n });

  it('a message sent through this process reaches a stream held by another, once', async () => {
    const buyer = await makeUser();
    const ad = await adOf(seller);
    const res = await http('POST', '/conversations', buyer.token, { adId: ad.id, text: 'Across processes' });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { conversation: { id: number } }).conversation.id;
    await publish([marker(1)]);
    await expect.poll(() => heard.some((n) => convOf(n) === 900_001), { timeout: 20_000 }).toBe(true);
    expect(heard.filter((n) => convOf(n) === id)).toEqual([
      { kind: 'message', userId: seller.user.id, conversationId: id, messageId: expect.any(Number) },
    ]);
  });

  it('a notice published by another process reaches this one exactly once', async () => {
    const got: TLiveNotice[] = [];
    const off = await subscribe(seller.user.id, (n) => got.push(n));
    try {
      const notice: TLiveNotice = { kind: 'read', userId: seller.user.id, conversationId: 987_654 };
      child?.send({ publish: [notice, marker(2)] });
      await expect.poll(() => got.some((n) => convOf(n) === 900_002), { timeout: 20_000 }).toBe(true);
      expect(got.filter((n) => convOf(n) === 987_654)).toEqual([notice]);
      // The publishing process hears its own notice through the database too, once.
      await expect.poll(() => heard.some((n) => convOf(n) === 900_002), { timeout: 20_000 }).toBe(true);
      expect(heard.filter((n) => convOf(n) === 987_654)).toEqual([notice]);
    } finally {
      off();
    }
  });
});
