import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_TEXTS, ratingSummary } from '../../api/constants/reviews.ts';
import { db } from '../../api/db/client.ts';
import { conversations, reviewReports, reviews } from '../../api/db/schema/index.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { withRealRateLimits } from '../helpers/real-rate-limits.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// Reviews of sellers (docs/RULES.md, Reviews): who may write one and when, the 14-day edit
// window, the seller's one answer, reports reaching the moderation queue, and the rating.

type TUser = Awaited<ReturnType<typeof makeUser>>;
let categoryId = 0;
let admin: TUser;
let ipCount = 0;
const nextIp = () => `203.0.113.${++ipCount}`;

/** A seller with an ad, and its id. */
async function sellerWithAd(name = 'Emma Jones') {
  const seller = await makeUser({ name });
  const ad = await insertAd({ heading: `Oak desk of ${name}`, categoryId, userId: seller.user.id });
  return { seller, adId: ad.id };
}

/** The buyer asks about the ad; the seller answers unless `answered` is false. The conversation's id. */
async function talk(seller: TUser, buyer: TUser, adId: number, answered = true): Promise<number> {
  const started = await call('POST', '/conversations', { token: buyer.token, json: { adId, text: 'Still for sale?' } });
  expect(started.status).toBe(201);
  const id = started.data.conversation.id as number;
  if (answered) {
    const sent = await call('POST', `/conversations/${id}/messages`, { token: seller.token, json: { text: 'Yes!' } });
    expect(sent.status).toBe(201);
  }
  return id;
}

const review = (token: string, conversationId: number, json: unknown) =>
  call('POST', `/conversations/${conversationId}/review`, { token, json });

/** A conversation of a new buyer with `seller`, answered, reviewed with `rating`; the review's id. */
async function reviewed(seller: TUser, adId: number, rating: number, buyerName?: string) {
  const buyer = await makeUser({ name: buyerName });
  const id = await talk(seller, buyer, adId);
  const res = await review(buyer.token, id, { rating, text: `Rated ${rating}` });
  expect(res.status).toBe(201);
  return { buyer, reviewId: res.data.review.id as number, conversationId: id };
}

/** The API's error answer. */
const refused = (message: string) => ({ success: false, error: message, message });

const listReviews = (sellerId: number, query = '') => call('GET', `/sellers/${sellerId}/reviews${query}`);

beforeAll(async () => {
  await setupTestDb();
  categoryId = (await insertCategory({ name: 'Desks' })).id;
  admin = await makeUser({ role: 'admin', name: 'Ada Admin' });
});

describe(`reviews on ${driver}`, () => {
  it('lets the buyer review the seller once both have written, shown with the first name', async () => {
    const { seller, adId } = await sellerWithAd();
    const buyer = await makeUser({ name: 'Liam Smith' });
    const id = await talk(seller, buyer, adId);
    const res = await review(buyer.token, id, { rating: 5, text: '  Friendly and on time.  ' });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ success: true, message: REVIEW_TEXTS.created });
    expect(res.data.review).toMatchObject({ rating: 5, text: 'Friendly and on time.', buyerName: 'Liam', reply: null });
    const list = await listReviews(seller.user.id);
    expect(list.status).toBe(200);
    expect(list.data.rating).toEqual({ average: 5, count: 1 });
    expect(list.data.reviews.map((r: { id: number }) => r.id)).toEqual([res.data.review.id]);
  });

  it('refuses the seller reviewing their own ad, a stranger, a missing conversation and a silent seller', async () => {
    const { seller, adId } = await sellerWithAd();
    const buyer = await makeUser();
    const stranger = await makeUser();
    const silent = await talk(seller, buyer, adId, false);

    const own = await review(seller.token, silent, { rating: 5 });
    expect(own.status).toBe(400);
    expect(own.data).toEqual(refused(REVIEW_TEXTS.ownAd));

    expect((await review(stranger.token, silent, { rating: 5 })).status).toBe(403);
    const missing = await review(buyer.token, 2_000_000_000, { rating: 5 });
    expect(missing.status).toBe(404);
    expect(missing.data.success).toBe(false);

    const notYet = await review(buyer.token, silent, { rating: 5 });
    expect(notYet.status).toBe(403);
    expect(notYet.data.message).toBe(REVIEW_TEXTS.notYet);
    const thread = await call('GET', `/conversations/${silent}`, { token: buyer.token });
    expect(thread.data.review).toEqual({ eligible: false, review: null });

    // Once the seller answers, the thread offers the review.
    await call('POST', `/conversations/${silent}/messages`, { token: seller.token, json: { text: 'Hi' } });
    const now = await call('GET', `/conversations/${silent}`, { token: buyer.token });
    expect(now.data.review).toEqual({ eligible: true, review: null });
    const sellerSide = await call('GET', `/conversations/${silent}`, { token: seller.token });
    expect(sellerSide.data.review.eligible).toBe(false);
  });

  it('answers 409 for a second review of one conversation', async () => {
    const { seller, adId } = await sellerWithAd();
    const { buyer, conversationId } = await reviewed(seller, adId, 4);
    const again = await review(buyer.token, conversationId, { rating: 1 });
    expect(again.status).toBe(409);
    expect(again.data).toEqual(refused(REVIEW_TEXTS.already));
    const thread = await call('GET', `/conversations/${conversationId}`, { token: buyer.token });
    expect(thread.data.review.eligible).toBe(false);
    expect(thread.data.review.review.rating).toBe(4);
  });

  it('takes 1 to 5 whole stars and at most 500 characters', async () => {
    const { seller, adId } = await sellerWithAd();
    const buyer = await makeUser();
    const id = await talk(seller, buyer, adId);
    for (const rating of [0, 6, 2.5, 'many', null]) {
      const res = await review(buyer.token, id, { rating });
      expect(res.status, String(rating)).toBe(400);
      expect(res.data.message).toBe(REVIEW_TEXTS.rating);
    }
    const long = await review(buyer.token, id, { rating: 3, text: 'é'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.data.message).toBe(REVIEW_TEXTS.text);
    const longest = await review(buyer.token, id, { rating: 1, text: 'é'.repeat(500) });
    expect(longest.status).toBe(201);
    expect(longest.data.review.text).toHaveLength(500);
  });

  it('lets the buyer change the review within 14 days, and nobody else, nor later', async () => {
    const { seller, adId } = await sellerWithAd();
    const { buyer, reviewId } = await reviewed(seller, adId, 2);
    const edit = await call('PATCH', `/reviews/${reviewId}`, {
      token: buyer.token,
      json: { rating: 4, text: 'Better' },
    });
    expect(edit.status).toBe(200);
    expect(edit.data.review).toMatchObject({ rating: 4, text: 'Better' });
    expect((await call('PATCH', `/reviews/${reviewId}`, { token: seller.token, json: { rating: 5 } })).status).toBe(
      403,
    );
    // Written 13 days ago: still open; 14 days and a minute ago: closed.
    const back = (days: number) =>
      db()
        .update(reviews)
        .set({ createdAt: new Date(Date.now() - days * 86_400_000) })
        .where(eq(reviews.id, reviewId));
    await back(13);
    expect((await call('PATCH', `/reviews/${reviewId}`, { token: buyer.token, json: { rating: 5 } })).status).toBe(200);
    await back(14 + 1 / 1440);
    const late = await call('PATCH', `/reviews/${reviewId}`, { token: buyer.token, json: { rating: 1 } });
    expect(late.status).toBe(403);
    expect(late.data.message).toBe(REVIEW_TEXTS.editClosed);
    expect((await listReviews(seller.user.id)).data.reviews[0].rating).toBe(5);
  });

  it('lets the reviewed seller answer once, and nobody else', async () => {
    const { seller, adId } = await sellerWithAd();
    const { buyer, reviewId } = await reviewed(seller, adId, 5);
    const stranger = await makeUser();
    for (const who of [buyer, stranger]) {
      const res = await call('POST', `/reviews/${reviewId}/reply`, { token: who.token, json: { reply: 'Thanks' } });
      expect(res.status).toBe(403);
      expect(res.data.message).toBe(REVIEW_TEXTS.onlySeller);
    }
    expect(
      (await call('POST', `/reviews/${reviewId}/reply`, { token: seller.token, json: { reply: ' ' } })).status,
    ).toBe(400);
    const first = await call('POST', `/reviews/${reviewId}/reply`, {
      token: seller.token,
      json: { reply: 'Thank you, Liam!' },
    });
    expect(first.status).toBe(201);
    expect(first.data.review.reply.text).toBe('Thank you, Liam!');
    const second = await call('POST', `/reviews/${reviewId}/reply`, { token: seller.token, json: { reply: 'Again' } });
    expect(second.status).toBe(409);
    expect(second.data.message).toBe(REVIEW_TEXTS.alreadyReplied);
    expect((await listReviews(seller.user.id)).data.reviews[0].reply.text).toBe('Thank you, Liam!');
    expect(
      (await call('POST', '/reviews/2000000000/reply', { token: seller.token, json: { reply: 'x' } })).status,
    ).toBe(404);
  });

  it('sends reported reviews to the moderation queue, where a moderator dismisses or removes them', async () => {
    const { seller, adId } = await sellerWithAd();
    const { buyer, reviewId } = await reviewed(seller, adId, 1, 'Rude Rob');
    const report = (json: unknown, token?: string) =>
      call('POST', `/reviews/${reviewId}/report`, { token, json, headers: { 'x-forwarded-for': nextIp() } });

    const byVisitor = await report({ reason: 'offensive', details: 'Insults the seller' });
    expect(byVisitor.status).toBe(201);
    expect(byVisitor.data.message).toBe(REVIEW_TEXTS.reported);
    expect((await report({ reason: 'spam' }, seller.token)).status).toBe(201);
    const twice = await report({ reason: 'spam' }, seller.token);
    expect(twice.status).toBe(409);
    expect(twice.data.message).toBe(REVIEW_TEXTS.alreadyReported);
    expect((await report({ reason: 'spam' }, buyer.token)).status).toBe(400);
    expect((await report({ reason: 'nonsense' })).status).toBe(400);
    // A filled honeypot gets the normal answer and stores nothing.
    expect((await report({ reason: 'spam', website: 'http://spam.example' })).status).toBe(201);
    expect(await db().select().from(reviewReports).where(eq(reviewReports.reviewId, reviewId))).toHaveLength(2);

    const queue = await call('GET', '/moderation', { token: admin.token });
    const item = queue.data.reportedReviews.find((r: { id: number }) => r.id === reviewId);
    expect(item).toMatchObject({ rating: 1, buyer: { name: 'Rude Rob' }, seller: { id: seller.user.id } });
    expect(item.reports.map((r: { reporter: string; reason: string }) => [r.reporter, r.reason])).toEqual([
      ['Visitor', 'offensive'],
      [seller.user.name, 'spam'],
    ]);
    expect(queue.data.counts.reportedReviews).toBeGreaterThanOrEqual(1);

    const moderate = (action: string) =>
      call('POST', `/moderation/reviews/${reviewId}`, { token: admin.token, json: { action, reason: 'Checked' } });
    expect(
      (await call('POST', `/moderation/reviews/${reviewId}`, { token: seller.token, json: { action: 'remove' } }))
        .status,
    ).toBe(403);
    expect((await moderate('hide')).status).toBe(400);
    expect((await moderate('dismiss')).status).toBe(200);
    expect((await moderate('dismiss')).status).toBe(409);
    const after = await call('GET', '/moderation', { token: admin.token });
    expect(after.data.reportedReviews.some((r: { id: number }) => r.id === reviewId)).toBe(false);
    expect((await listReviews(seller.user.id)).data.rating.count).toBe(1);

    // Reported again, then removed: hidden everywhere, logged, no longer reportable or answerable.
    expect((await report({ reason: 'offensive' }, seller.token)).status).toBe(201);
    const removed = await moderate('remove');
    expect(removed.status).toBe(200);
    expect(removed.data.message).toBe(REVIEW_TEXTS.removed);
    const list = await listReviews(seller.user.id);
    expect(list.data).toMatchObject({ rating: { average: null, count: 0 }, reviews: [], total: 0 });
    expect((await call('GET', `/sellers/${seller.user.id}`)).data.seller.rating).toEqual({ average: null, count: 0 });
    expect((await report({ reason: 'spam' })).status).toBe(404);
    expect((await moderate('remove')).status).toBe(404);
    expect(
      (await call('POST', `/reviews/${reviewId}/reply`, { token: seller.token, json: { reply: 'Hm' } })).status,
    ).toBe(404);
    const log = await call('GET', '/moderation/audit-log', { token: admin.token });
    const entries = log.data.data.filter((e: { targetType: string; targetId: number }) => e.targetId === reviewId);
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['remove-review', 'dismiss-review-reports']);
    expect(entries[0]).toMatchObject({ targetType: 'review', actor: { name: 'Ada Admin' }, reason: 'Checked' });
  });

  it('averages the public reviews to one decimal and counts them, newest first and paged', async () => {
    const { seller, adId } = await sellerWithAd();
    for (const rating of [5, 4, 4]) await reviewed(seller, adId, rating);
    const res = await listReviews(seller.user.id, '?limit=2&page=2');
    expect(res.data).toMatchObject({ rating: { average: 4.3, count: 3 }, total: 3, totalPages: 2, page: 2, limit: 2 });
    expect(res.data.reviews.map((r: { rating: number }) => r.rating)).toEqual([5]);
    const first = await listReviews(seller.user.id);
    expect(first.data.reviews.map((r: { rating: number }) => r.rating)).toEqual([4, 4, 5]);
    expect((await call('GET', `/sellers/${seller.user.id}`)).data.seller.rating).toEqual({ average: 4.3, count: 3 });
    expect((await listReviews(seller.user.id, '?limit=51')).status).toBe(400);
    expect((await listReviews(2_000_000_000)).status).toBe(404);
  });

  it('averages any set of stars as the rounded mean (property)', async () => {
    const { seller, adId } = await sellerWithAd();
    const buyer = await makeUser();
    let reviewCount = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 8 }), async (stars) => {
        await db().delete(reviews).where(eq(reviews.sellerId, seller.user.id));
        for (const rating of stars) {
          reviewCount += 1;
          const [c] = await db()
            .insert(conversations)
            .values({ adId: null, adHeading: `Desk ${reviewCount}`, buyerId: buyer.user.id, sellerId: seller.user.id })
            .returning();
          await db().insert(reviews).values({ conversationId: c!.id, sellerId: seller.user.id, buyerId: null, rating });
        }
        const res = await listReviews(seller.user.id);
        const mean = stars.reduce((a, b) => a + b, 0) / stars.length;
        expect(res.data.rating.count).toBe(stars.length);
        expect(Math.abs(res.data.rating.average - mean)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(res.data.rating).toEqual(
          ratingSummary(
            stars.reduce((a, b) => a + b, 0),
            stars.length,
          ),
        );
      }),
      { numRuns: 12 },
    );
    void adId;
  });

  it('keeps a deleted buyer’s stars as “Former member”, hides a banned buyer’s reviews, and exports both sides', async () => {
    const { seller, adId } = await sellerWithAd();
    const gone = await reviewed(seller, adId, 2, 'Gone Gary');
    const banned = await reviewed(seller, adId, 4, 'Banned Bea');
    const kept = await reviewed(seller, adId, 5, 'Kim Kept');
    await call('POST', `/reviews/${kept.reviewId}/reply`, { token: seller.token, json: { reply: 'Thanks Kim' } });

    const exported = await call('GET', '/account/export', { token: seller.token });
    expect(exported.data.reviews.received.map((r: { rating: number }) => r.rating)).toEqual([2, 4, 5]);
    const mine = await call('GET', '/account/export', { token: kept.buyer.token });
    expect(mine.data.reviews.written).toMatchObject([{ rating: 5, reply: { text: 'Thanks Kim' } }]);

    expect(
      (await call('POST', '/account/delete', { token: gone.buyer.token, json: { password: 'secret123' } })).status,
    ).toBe(200);
    expect(
      (await call('POST', `/users/${banned.buyer.user.id}/ban`, { token: admin.token, json: { reason: 'Fraud' } }))
        .status,
    ).toBe(200);
    const list = await listReviews(seller.user.id);
    expect(list.data.rating).toEqual({ average: 3.5, count: 2 });
    expect(list.data.reviews.map((r: { buyerName: string }) => r.buyerName)).toEqual(['Kim', 'Former member']);
    await call('POST', `/users/${banned.buyer.user.id}/unban`, { token: admin.token, json: { reason: '' } });
    expect((await listReviews(seller.user.id)).data.rating).toEqual({ average: 3.7, count: 3 });
  });

  it('limits review writes per account (20 an hour) and per address (40 an hour), only once allowed', async () => {
    const { seller, adId } = await sellerWithAd();
    const writers = [await reviewed(seller, adId, 3), await reviewed(seller, adId, 3), await reviewed(seller, adId, 3)];
    const edit = (w: (typeof writers)[number], token = w.buyer.token) =>
      call('PATCH', `/reviews/${w.reviewId}`, { token, json: { rating: 4 } });
    await withRealRateLimits(async () => {
      // Refused writes (someone else's review) count nothing.
      for (let i = 0; i < 25; i++) expect((await edit(writers[0]!, seller.token)).status).toBe(403);
      for (let i = 0; i < 20; i++) expect((await edit(writers[0]!)).status).toBe(200);
      const perUser = await edit(writers[0]!);
      expect(perUser.status).toBe(429);
      expect(perUser.headers.get('retry-after')).toBeTruthy();
      // The address has counted 21 (a refused attempt counts too): 19 by another account reach
      // 40, and a third account, with nothing used of its own, is refused at once.
      for (let i = 0; i < 19; i++) expect((await edit(writers[1]!)).status).toBe(200);
      expect((await edit(writers[2]!)).status).toBe(429);
    });
  });
});
