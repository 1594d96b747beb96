import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { adReports, messages } from '../../api/db/schema/index.ts';
import { resetEnv } from '../../api/env.ts';
import { KEY_BODY_CHANGED } from '../../api/middleware/idempotency.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// Idempotency-Key as the IETF draft has it: a key is bound to its request's body. The same key
// with a different body answers 422 and changes nothing (before: the first answer was replayed
// silently); signed out, a key is scoped to the body as well as the address, so visitors behind
// one address who pick the same key never get each other's answers.

let categoryId = 0;

beforeAll(async () => {
  await setupTestDb();
  process.env.TRUST_PROXY = '1';
  resetEnv();
  categoryId = (await insertCategory({ name: 'Keyed things' }))!.id;
});
afterAll(() => {
  delete process.env.TRUST_PROXY;
  resetEnv();
});

describe(`Idempotency-Key and the request body on ${driver}`, () => {
  it('answers 422 to the same key with another body, and changes nothing', async () => {
    const seller = await makeUser();
    const buyer = await makeUser();
    const ad = (await insertAd({ heading: 'Keyed lamp', categoryId, userId: seller.user.id }))!;
    const key = crypto.randomUUID();
    const send = (text: string) =>
      call('POST', '/conversations', {
        token: buyer.token,
        headers: { 'idempotency-key': key },
        json: { adId: ad.id, text },
      });
    const first = await send('Is it still available?');
    expect(first.status).toBe(201);
    const other = await send('Would you take 20?');
    expect(other.status).toBe(422);
    expect(other.data).toMatchObject({ success: false, message: KEY_BODY_CHANGED });
    const same = await send('Is it still available?');
    expect(same.status).toBe(201);
    expect(same.headers.get('idempotent-replayed')).toBe('true');
    const stored = await db()
      .select({ text: messages.text })
      .from(messages)
      .where(eq(messages.conversationId, first.data.conversation.id));
    expect(stored.map((m) => m.text)).toEqual(['Is it still available?']);
  });

  it('keeps signed-out keys apart by body: two visitors behind one address, one key, two reports', async () => {
    const owner = await makeUser();
    const a = (await insertAd({ heading: 'Shared key one', categoryId, userId: owner.user.id }))!;
    const b = (await insertAd({ heading: 'Shared key two', categoryId, userId: owner.user.id }))!;
    const report = (adId: number) =>
      call('POST', '/reports', {
        headers: { 'idempotency-key': 'report-1', 'x-forwarded-for': '192.0.2.50' },
        json: { adId, reason: 'spam' },
      });
    const first = await report(a.id);
    expect(first.status).toBe(201);
    const second = await report(b.id);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(await db().select().from(adReports).where(eq(adReports.adId, b.id))).toHaveLength(1);
    // The first visitor's retry still replays their own answer.
    const retry = await report(a.id);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await db().select().from(adReports).where(eq(adReports.adId, a.id))).toHaveLength(1);
  });
});
