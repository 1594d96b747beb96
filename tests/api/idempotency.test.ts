import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../api/db/client.ts';
import { ads, categories, faqs, idempotencyKeys, processHeartbeats, siteSettings } from '../../api/db/schema/index.ts';
import { resetEnv } from '../../api/env.ts';
import { PROCESS_ID } from '../../api/lib/process-liveness.ts';
import {
  IDEMPOTENCY_STALE_MS,
  IDEMPOTENCY_TTL_MS,
  KEY_IN_PROGRESS,
  KEY_INVALID,
  KEY_REUSED,
  sweepIdempotencyKeys,
} from '../../api/middleware/idempotency.ts';
import { dropSettingsCache } from '../../api/services/settings/get-settings.ts';
import { adForm as sharedAdForm } from '../helpers/ad-form.ts';
import { insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

let category: { slug: string };

beforeAll(async () => {
  await setupTestDb();
  process.env.TRUST_PROXY = '1';
  resetEnv();
  category = (await insertCategory({ name: 'Retries', slug: 'retries' })) as { slug: string };
  const limits = { freenumberads: 100, goldnumberads: 100, platinumnumberads: 100 };
  await db()
    .insert(siteSettings)
    .values({ id: 1, ...limits })
    .onConflictDoUpdate({ target: siteSettings.id, set: limits });
  dropSettingsCache();
});
afterAll(() => {
  delete process.env.TRUST_PROXY;
  resetEnv();
});
beforeEach(() => {
  vi.restoreAllMocks();
});

const adForm = (values: Record<string, string> = {}) =>
  sharedAdForm(category.slug, { heading: 'Retried bike', description: '<p>Sent twice.</p>', ...values });

const createAd = (token: string, key: string | undefined, values: Record<string, string> = {}) =>
  call('POST', '/ads/add', {
    token,
    form: adForm(values),
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

async function adsNamed(heading: string) {
  const rows = await db().select({ n: count() }).from(ads).where(eq(ads.heading, heading));
  return Number(rows[0]?.n ?? 0);
}

describe(`Idempotency-Key on ${driver}`, () => {
  it('answers a retried ad create with the first answer and stores one ad', async () => {
    const { token } = await makeUser();
    const key = crypto.randomUUID();
    const first = await createAd(token, key, { heading: 'Once only' });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await createAd(token, key, { heading: 'Once only' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toContain('application/json');
    expect(again.data).toEqual(first.data);
    expect(await adsNamed('Once only')).toBe(1);
    // Without a key (or with a new one) the same form is a new ad, as before.
    expect((await createAd(token, undefined, { heading: 'Once only' })).status).toBe(201);
    expect((await createAd(token, crypto.randomUUID(), { heading: 'Once only' })).status).toBe(201);
    expect(await adsNamed('Once only')).toBe(3);
  });

  it('lets parallel requests with one key create one ad; the others wait or replay', async () => {
    const { token } = await makeUser();
    const key = crypto.randomUUID();
    const results = await Promise.all(Array.from({ length: 6 }, () => createAd(token, key, { heading: 'Parallel' })));
    const fresh = results.filter((r) => r.status === 201 && !r.headers.get('idempotent-replayed'));
    expect(fresh).toHaveLength(1);
    for (const r of results) {
      if (r.status === 409) {
        expect(r.data).toEqual({ success: false, error: KEY_IN_PROGRESS, message: KEY_IN_PROGRESS });
        expect(r.headers.get('retry-after')).toBe('1');
      } else {
        expect(r.status).toBe(201);
        expect(r.data).toEqual(fresh[0]?.data);
      }
    }
    expect(await adsNamed('Parallel')).toBe(1);
  });

  it('keeps keys per caller: another user’s same key is their own request', async () => {
    const a = await makeUser();
    const b = await makeUser();
    const key = 'shared-key-1';
    expect((await createAd(a.token, key, { heading: 'Per caller' })).status).toBe(201);
    const theirs = await createAd(b.token, key, { heading: 'Per caller' });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(await adsNamed('Per caller')).toBe(2);
  });

  it('refuses a key reused on another route with 409', async () => {
    const admin = await makeUser({ role: 'admin' });
    const key = crypto.randomUUID();
    expect((await createAd(admin.token, key, { heading: 'Bound to its route' })).status).toBe(201);
    const other = await call('POST', '/faqs', {
      token: admin.token,
      json: { question: 'Reused?', answer: '<p>No.</p>' },
      headers: { 'idempotency-key': key },
    });
    expect(other.status).toBe(409);
    expect(other.data).toEqual({ success: false, error: KEY_REUSED, message: KEY_REUSED });
    expect(await db().select().from(faqs).where(eq(faqs.question, 'Reused?'))).toHaveLength(0);
  });

  it('refuses a malformed key with 400 and stores nothing', async () => {
    const { token } = await makeUser();
    for (const key of ['', ' ', 'has space', 'é-accent', 'x'.repeat(256), 'tab\tkey']) {
      const res = await createAd(token, key, { heading: 'Bad key' });
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.data).toEqual({ success: false, error: KEY_INVALID, message: KEY_INVALID });
    }
    expect(await adsNamed('Bad key')).toBe(0);
    expect((await createAd(token, 'x'.repeat(255), { heading: 'Long key' })).status).toBe(201);
  });

  it('replays a refusal (4xx) too: the key stands for that request', async () => {
    const { token } = await makeUser();
    const key = crypto.randomUUID();
    const refused = await createAd(token, key, { heading: 'Refused', price: 'lots' });
    expect(refused.status).toBe(400);
    const again = await createAd(token, key, { heading: 'Refused', price: '12' });
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data).toEqual(refused.data);
    expect(await adsNamed('Refused')).toBe(0);
  });

  it('releases the key after a server error, so the retry really runs', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { token } = await makeUser();
    const key = crypto.randomUUID();
    await db().execute(
      sql.raw(`create or replace function refuse_ad_insert() returns trigger language plpgsql as $$
        begin raise exception 'disk on fire'; end $$`),
    );
    await db().execute(
      sql.raw('create trigger refuse_ad_insert before insert on ads for each row execute function refuse_ad_insert()'),
    );
    let failed: Awaited<ReturnType<typeof createAd>>;
    try {
      failed = await createAd(token, key, { heading: 'After a 500' });
    } finally {
      await db().execute(sql.raw('drop trigger if exists refuse_ad_insert on ads'));
      await db().execute(sql.raw('drop function if exists refuse_ad_insert()'));
    }
    expect(failed.status).toBe(500);
    const retried = await createAd(token, key, { heading: 'After a 500' });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(await adsNamed('After a 500')).toBe(1);
  });

  it('answers 409 while the first request runs, and takes over a claim whose request died', async () => {
    const { token, user } = await makeUser();
    const key = crypto.randomUUID();
    const hash = (await import('node:crypto')).createHash('sha256').update('POST /api/ads/add').digest('hex');
    const where = and(eq(idempotencyKeys.scope, `user:${user.id}`), eq(idempotencyKeys.key, key));
    // A claim of this very process, still running.
    await db()
      .insert(idempotencyKeys)
      .values({ scope: `user:${user.id}`, key, requestHash: `${hash}:.${PROCESS_ID}.first` });
    const busy = await createAd(token, key, { heading: 'Claimed' });
    expect(busy.status).toBe(409);
    expect(busy.data.message).toBe(KEY_IN_PROGRESS);
    expect(busy.headers.get('retry-after')).toBe('1');
    // Still running, but for longer than any request may: the retry takes it over.
    await db()
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_STALE_MS - 1000) })
      .where(where);
    const taken = await createAd(token, key, { heading: 'Claimed' });
    expect(taken.status).toBe(201);
    expect((await createAd(token, key, { heading: 'Claimed' })).headers.get('idempotent-replayed')).toBe('true');
    expect(await adsNamed('Claimed')).toBe(1);
  });

  it('releases a key at once when the process that claimed it is known dead, not after minutes', async () => {
    const { token, user } = await makeUser();
    const key = crypto.randomUUID();
    const hash = (await import('node:crypto')).createHash('sha256').update('POST /api/ads/add').digest('hex');
    const where = and(eq(idempotencyKeys.scope, `user:${user.id}`), eq(idempotencyKeys.key, key));
    await db()
      .insert(idempotencyKeys)
      .values({ scope: `user:${user.id}`, key, requestHash: `${hash}:.other-process.first` });
    if (driver === 'postgres') {
      // Another server process, beating: its request may still be running.
      await db().insert(processHeartbeats).values({ processId: 'other-process', beatAt: new Date() });
      expect((await createAd(token, key, { heading: 'Orphaned' })).status).toBe(409);
      // It stopped beating (killed): its claim is released at the next retry.
      await db()
        .update(processHeartbeats)
        .set({ beatAt: new Date(Date.now() - 60_000) })
        .where(eq(processHeartbeats.processId, 'other-process'));
    }
    // On the embedded database only this process can run (the data-directory lock): a claim of
    // any other process belongs to one that died.
    const retried = await createAd(token, key, { heading: 'Orphaned' });
    expect(retried.status).toBe(201);
    expect(await adsNamed('Orphaned')).toBe(1);
    const [row] = await db().select().from(idempotencyKeys).where(where);
    expect(row!.status).toBe(201);
  });

  it('covers the other creates: a retried category or FAQ is stored once', async () => {
    const admin = await makeUser({ role: 'admin' });
    const key = crypto.randomUUID();
    const catForm = () => {
      const f = new FormData();
      f.set('name', 'Once');
      f.set('slug', 'once-category');
      return f;
    };
    const cat = await call('POST', '/category/add-edit', {
      token: admin.token,
      form: catForm(),
      headers: { 'idempotency-key': key },
    });
    expect(cat.status).toBe(201);
    // Without the key this retry would be a 409 "slug already used"; with it, the first answer.
    const catAgain = await call('POST', '/category/add-edit', {
      token: admin.token,
      form: catForm(),
      headers: { 'idempotency-key': key },
    });
    expect(catAgain.status).toBe(201);
    expect(catAgain.data).toEqual(cat.data);
    expect(await db().select().from(categories).where(eq(categories.slug, 'once-category'))).toHaveLength(1);

    const faqKey = crypto.randomUUID();
    const faq = () =>
      call('POST', '/faqs', {
        token: admin.token,
        json: { question: 'Asked once?', answer: '<p>Yes.</p>' },
        headers: { 'idempotency-key': faqKey },
      });
    const f1 = await faq();
    const f2 = await faq();
    expect(f1.status).toBeLessThan(300);
    expect(f2.status).toBe(f1.status);
    expect(f2.data).toEqual(f1.data);
    expect(await db().select().from(faqs).where(eq(faqs.question, 'Asked once?'))).toHaveLength(1);
  });

  it('scopes signed-out requests by address, and never stores a sign-up answer (it holds a session token)', async () => {
    const key = crypto.randomUUID();
    const forgot = (ip: string) =>
      call('POST', '/forgot-password', {
        json: { email: 'someone@example.com' },
        headers: { 'idempotency-key': key, 'x-forwarded-for': ip },
      });
    expect((await forgot('198.51.100.1')).headers.get('idempotent-replayed')).toBeNull();
    expect((await forgot('198.51.100.1')).headers.get('idempotent-replayed')).toBe('true');
    expect((await forgot('198.51.100.2')).headers.get('idempotent-replayed')).toBeNull();

    const signupKey = crypto.randomUUID();
    const signup = await call('POST', '/user/signup', {
      json: { name: 'Keyed', email: 'keyed@example.com', password: 'secret1', cpassword: 'secret1' },
      headers: { 'idempotency-key': signupKey },
    });
    expect(signup.status).toBe(201);
    expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, signupKey))).toHaveLength(0);
    const body = await db().select({ body: idempotencyKeys.body }).from(idempotencyKeys);
    for (const r of body) expect(r.body ?? '').not.toContain(signup.data.token);
  });

  it('sweeps answers older than a day', async () => {
    const old = new Date(Date.now() - IDEMPOTENCY_TTL_MS - 60_000);
    await db()
      .insert(idempotencyKeys)
      .values([
        { scope: 'user:0', key: 'old', requestHash: 'h', status: 201, body: '{}', createdAt: old },
        { scope: 'user:0', key: 'new', requestHash: 'h', status: 201, body: '{}' },
      ]);
    await sweepIdempotencyKeys();
    const left = await db()
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.scope, 'user:0'));
    expect(left.map((r) => r.key)).toEqual(['new']);
  });
});
