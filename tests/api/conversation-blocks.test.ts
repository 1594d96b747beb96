import { eq, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../api/db/client.ts';
import { userBlocks } from '../../api/db/schema/index.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// Blocks are between two people, not one thread; a conversation about an ad a moderator removed
// is read-only for the ad's owner; a suspended account receives no messages.

type TUser = Awaited<ReturnType<typeof makeUser>>;
let categoryId = 0;
let admin: TUser;

beforeAll(async () => {
  await setupTestDb();
  categoryId = (await insertCategory({ name: 'Block things' }))!.id;
  admin = await makeUser({ role: 'admin' });
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

const adOf = async (seller: TUser, heading: string) =>
  (await insertAd({ heading, categoryId, userId: seller.user.id, price: 50 }))!;
const start = (buyer: TUser, adId: number, text = 'Is it still there?') =>
  call('POST', '/conversations', { token: buyer.token, json: { adId, text } });
const say = (who: TUser, id: number, text = 'Hello?') =>
  call('POST', `/conversations/${id}/messages`, { token: who.token, json: { text } });
const blocksBetween = async (a: TUser, b: TUser) =>
  db()
    .select()
    .from(userBlocks)
    .where(or(eq(userBlocks.blockerId, a.user.id), eq(userBlocks.blockerId, b.user.id)));

describe(`blocks between people on ${driver}`, () => {
  it('a block covers every ad of the two: no new conversation about another ad, no message in another thread', async () => {
    const seller = await makeUser({ name: 'Sid Seller' });
    const buyer = await makeUser({ name: 'Bob Buyer' });
    const lamp = await adOf(seller, 'Brass lamp');
    const chair = await adOf(seller, 'Oak chair');
    const desk = await adOf(seller, 'Pine desk');
    const aboutLamp = (await start(buyer, lamp.id)).data.conversation.id;
    const aboutDesk = (await start(buyer, desk.id)).data.conversation.id;

    const blocked = await call('POST', `/conversations/${aboutLamp}/block`, { token: seller.token });
    expect(blocked.status).toBe(200);
    // Another ad of the same seller: refused with a clear sentence, nothing stored.
    const other = await start(buyer, chair.id);
    expect(other.status).toBe(403);
    expect(other.data.message).toBe('You cannot message this person: one of you has blocked the other.');
    expect((await call('GET', `/conversations?adId=${chair.id}`, { token: buyer.token })).data.total).toBe(0);
    // The thread about another ad is blocked too, both ways.
    expect((await say(buyer, aboutDesk)).status).toBe(403);
    const fromSeller = await say(seller, aboutDesk);
    expect(fromSeller.status).toBe(403);
    expect(fromSeller.data.message).toBe('You blocked this person. Unblock them to send messages again.');
    const deskThread = await call('GET', `/conversations/${aboutDesk}`, { token: buyer.token });
    expect(deskThread.data.conversation).toMatchObject({
      blocked: true,
      blockedByMe: false,
      sendBlocked: 'Messages in this conversation are blocked.',
    });
  });

  it('records both sides’ blocks; each lifts only its own', async () => {
    const seller = await makeUser();
    const buyer = await makeUser();
    const ad = await adOf(seller, 'Red kettle');
    const id = (await start(buyer, ad.id)).data.conversation.id;
    expect((await call('POST', `/conversations/${id}/block`, { token: seller.token })).status).toBe(200);
    const second = await call('POST', `/conversations/${id}/block`, { token: buyer.token });
    expect(second.status).toBe(200);
    expect(second.data.message).toBe(
      'Blocked. They had blocked you already; your block stays even if they lift theirs.',
    );
    expect(await blocksBetween(seller, buyer)).toHaveLength(2);

    // The seller lifts theirs: the buyer's block still stands.
    expect((await call('DELETE', `/conversations/${id}/block`, { token: seller.token })).status).toBe(200);
    expect(await blocksBetween(seller, buyer)).toHaveLength(1);
    expect((await say(seller, id)).data.message).toBe('Messages in this conversation are blocked.');
    expect((await start(buyer, ad.id, 'Again')).status).toBe(403);
    const view = await call('GET', `/conversations/${id}`, { token: buyer.token });
    expect(view.data.conversation).toMatchObject({ blocked: true, blockedByMe: true });
    // Lifting a block one does not hold is not allowed while the other's stands…
    expect((await call('DELETE', `/conversations/${id}/block`, { token: seller.token })).status).toBe(403);
    // …and the buyer lifts theirs: both can write again.
    expect((await call('DELETE', `/conversations/${id}/block`, { token: buyer.token })).status).toBe(200);
    expect((await say(seller, id, 'Back again')).status).toBe(201);
    expect((await say(buyer, id, 'Hi')).status).toBe(201);
  });

  it('a conversation about an ad a moderator removed is read-only for its owner', async () => {
    const seller = await makeUser();
    const buyer = await makeUser();
    const ad = await adOf(seller, 'Suspicious watch');
    const id = (await start(buyer, ad.id)).data.conversation.id;
    const removed = await call('POST', `/moderation/ads/${ad.id}`, {
      token: admin.token,
      json: { action: 'remove', reason: 'Counterfeit' },
    });
    expect(removed.status).toBe(200);
    const res = await say(seller, id, 'Still for sale, pay by gift card');
    expect(res.status).toBe(403);
    expect(res.data.message).toBe('A moderator removed this ad, so you can no longer send messages about it.');
    const thread = await call('GET', `/conversations/${id}`, { token: seller.token });
    expect(thread.data.messages).toHaveLength(1);
    expect(thread.data.conversation.sendBlocked).toBe(
      'A moderator removed this ad, so you can no longer send messages about it.',
    );
    // The buyer is not held to it.
    expect(
      (await call('GET', `/conversations/${id}`, { token: buyer.token })).data.conversation.sendBlocked,
    ).toBeNull();
  });

  it('refuses messages to a suspended account with a clear sentence', async () => {
    const seller = await makeUser();
    const buyer = await makeUser();
    const ad = await adOf(seller, 'Blue bike');
    const id = (await start(buyer, ad.id)).data.conversation.id;
    expect(
      (await call('POST', `/users/${buyer.user.id}/ban`, { token: admin.token, json: { reason: 'Spam' } })).status,
    ).toBe(200);
    const res = await say(seller, id, 'Are you still interested?');
    expect(res.status).toBe(403);
    expect(res.data.message).toBe('This person’s account is suspended, so they cannot receive messages.');
    const thread = await call('GET', `/conversations/${id}`, { token: seller.token });
    expect(thread.data.messages).toHaveLength(1);
  });
});
