import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { conversations, messages } from '../../api/db/schema/index.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// What a buyer sees about a seller (GET /api/sellers/{id}, the seller page and the ad page):
// member since, verified email, ads sold, and from the conversations of the last 90 days the
// share of first messages answered within 48 hours and the median time to those answers.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
let sellerId = 0;
let unverifiedId = 0;

/** A conversation started `daysAgo` by a new buyer, answered by the seller after `answerMs` (null: never). */
async function conversation(adId: number, daysAgo: number, answerMs: number | null, earlyReplyMs?: number) {
  const buyer = (await makeUser()).user;
  const askedAt = new Date(Date.now() - daysAgo * DAY);
  const [c] = await db()
    .insert(conversations)
    .values({ adId, adHeading: 'Oak desk', buyerId: buyer.id, sellerId, createdAt: askedAt, lastMessageAt: askedAt })
    .returning();
  const rows = [{ conversationId: c!.id, senderId: buyer.id, text: 'Still for sale?', createdAt: askedAt }];
  if (answerMs !== null) {
    rows.push({
      conversationId: c!.id,
      senderId: sellerId,
      text: 'Yes.',
      createdAt: new Date(askedAt.getTime() + answerMs),
    });
  }
  // The buyer's follow-up does not move the question's time.
  if (earlyReplyMs) {
    rows.push({
      conversationId: c!.id,
      senderId: buyer.id,
      text: 'Hello?',
      createdAt: new Date(askedAt.getTime() + earlyReplyMs),
    });
  }
  await db().insert(messages).values(rows);
}

beforeAll(async () => {
  await setupTestDb();
  const category = await insertCategory({ name: 'Desks' });
  sellerId = (await makeUser({ name: 'Quick Quinn' })).user.id;
  unverifiedId = (await makeUser({ name: 'Slow Sam', verified: false })).user.id;
  const ad = await insertAd({ heading: 'Oak desk', categoryId: category.id, userId: sellerId });
  await insertAd({ heading: 'Pine desk', categoryId: category.id, userId: unverifiedId });
  await conversation(ad.id, 2, 30 * MINUTE);
  await conversation(ad.id, 5, 3 * HOUR, 10 * MINUTE);
  await conversation(ad.id, 10, 50 * HOUR);
  await conversation(ad.id, 20, null);
  // Older than 90 days: not counted.
  await conversation(ad.id, 100, 5 * MINUTE);
});

describe(`seller facts on ${driver}`, () => {
  it('answer the share of first messages answered within 48 hours and the median time to them', async () => {
    const res = await call('GET', `/sellers/${sellerId}`);
    expect(res.status).toBe(200);
    expect(res.data.seller).toMatchObject({
      emailVerified: true,
      recentConversations: 4,
      responseRate: 0.5,
      responseMinutes: 30,
    });
  });

  it('say nothing about answers with fewer than three conversations, and an unverified email as such', async () => {
    const res = await call('GET', `/sellers/${unverifiedId}`);
    expect(res.data.seller).toMatchObject({
      emailVerified: false,
      recentConversations: 0,
      responseRate: null,
      responseMinutes: null,
    });
  });
});
