import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../api/db/client.ts';
import { membershipPlans, planRequests, siteSettings, users } from '../../api/db/schema/index.ts';
import { resetEnv } from '../../api/env.ts';
import { resetRateLimits } from '../../api/middleware/rate-limit.ts';
import { dropSettingsCache, getSettings } from '../../api/services/settings/get-settings.ts';
import { call, makeUser } from '../helpers/client.ts';
import { mailsTo, readOutbox } from '../helpers/outbox.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

let dataDir = '';
const plan = { free: 0, gold: 0, platinum: 0, custom: 0 };

beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
  process.env.RATE_LIMIT_SCALE = '1';
  resetEnv();
  vi.spyOn(console, 'info').mockImplementation(() => {});
  const rows = await db()
    .insert(membershipPlans)
    .values([
      { planName: 'Free', subscriptionType: 'NA', price: null, expiryDays: 30 },
      { planName: 'Gold', subscriptionType: 'Monthly', price: 19, expiryDays: 60 },
      { planName: 'Platinum', subscriptionType: 'Monthly', price: 49, expiryDays: 90, includesFeatured: true },
      { planName: 'Enterprise', subscriptionType: 'Yearly', price: 999 },
    ])
    .returning({ id: membershipPlans.id, name: membershipPlans.planName });
  for (const r of rows) {
    const key = r.name === 'Enterprise' ? 'custom' : (r.name.toLowerCase() as keyof typeof plan);
    plan[key] = r.id;
  }
  // The settings row is created on first read.
  await getSettings();
  await db().update(siteSettings).set({ freenumberphotoAds: 2, goldnumberphotoAds: 7, goldnumberads: 12 });
  dropSettingsCache();
});
afterAll(() => {
  delete process.env.RATE_LIMIT_SCALE;
  resetEnv();
});
beforeEach(async () => {
  await resetRateLimits();
});

const paid = (planId: number, over: Record<string, unknown> = {}) => ({
  planId,
  telephone: '+1 555 0100',
  businessName: 'Corner Shop',
  note: 'Invoice please',
  ...over,
});

describe(`plan requests on ${driver}`, () => {
  it('refuses a signed-out visitor (401) and checks the fields (400 naming them)', async () => {
    expect((await call('POST', '/plan-requests', { json: paid(plan.gold) })).status).toBe(401);
    const { token } = await makeUser();
    const missing = await call('POST', '/plan-requests', { token, json: {} });
    expect(missing.status).toBe(400);
    expect(missing.data.error).toBe('Please choose a plan.');
    const noPhone = await call('POST', '/plan-requests', { token, json: paid(plan.gold, { telephone: '' }) });
    expect(noPhone.status).toBe(400);
    expect(noPhone.data.error).toBe('Please enter your telephone number.');
    const noBusiness = await call('POST', '/plan-requests', { token, json: paid(plan.gold, { businessName: ' ' }) });
    expect(noBusiness.status).toBe(400);
    expect(noBusiness.data.error).toBe('Please enter your business name.');
    const badPhone = await call('POST', '/plan-requests', { token, json: paid(plan.gold, { telephone: 'call me' }) });
    expect(badPhone.status).toBe(400);
    expect((await call('POST', '/plan-requests', { token, json: paid(999999) })).status).toBe(404);
    // A plan that is not one of the site's subscriptions cannot be chosen online.
    expect((await call('POST', '/plan-requests', { token, json: paid(plan.custom) })).status).toBe(409);
    expect(await db().select().from(planRequests)).toHaveLength(0);
  });

  it('switches to a free plan at once, without a request', async () => {
    const { user, token } = await makeUser({ subscription: 'gold' });
    const res = await call('POST', '/plan-requests', { token, json: { planId: plan.free } });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ success: true, switched: true, subscription: 'free' });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.subscription).toBe('free');
    expect((await call('GET', '/get-limit', { token })).data.photolimit).toBe(2);
    // Already on it.
    expect((await call('POST', '/plan-requests', { token, json: { planId: plan.free } })).status).toBe(409);
  });

  it('records a paid plan’s request (201); a new one replaces the pending one', async () => {
    const { user, token } = await makeUser();
    const first = await call('POST', '/plan-requests', { token, json: paid(plan.gold) });
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({
      switched: false,
      subscription: 'free',
      request: { planName: 'Gold', subscription: 'gold', status: 'pending', telephone: '+1 555 0100' },
    });
    const second = await call('POST', '/plan-requests', { token, json: paid(plan.platinum) });
    expect(second.status).toBe(201);
    const mine = await db().select().from(planRequests).where(eq(planRequests.userId, user.id));
    expect(mine.map((r) => [r.planName, r.status]).sort()).toEqual([
      ['Gold', 'replaced'],
      ['Platinum', 'pending'],
    ]);
    // The account page shows the pending one; the plan itself is unchanged until approval.
    const account = await call('GET', '/account', { token });
    expect(account.data.data.plan.subscription).toBe('free');
    expect(account.data.data.pendingRequest).toMatchObject({ planName: 'Platinum', status: 'pending' });
  });

  it('is idempotent: a retry with the same Idempotency-Key records one request', async () => {
    const { user, token } = await makeUser();
    const headers = { 'Idempotency-Key': `plan-${user.id}` };
    const a = await call('POST', '/plan-requests', { token, json: paid(plan.gold), headers });
    const b = await call('POST', '/plan-requests', { token, json: paid(plan.gold), headers });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get('Idempotent-Replayed')).toBe('true');
    expect(b.data.request.id).toBe(a.data.request.id);
    expect(await db().select().from(planRequests).where(eq(planRequests.userId, user.id))).toHaveLength(1);
  });

  it('lists requests for admins only, pending first', async () => {
    const admin = await makeUser({ role: 'admin' });
    const customer = await makeUser();
    expect((await call('GET', '/plan-requests')).status).toBe(401);
    expect((await call('GET', '/plan-requests', { token: customer.token })).status).toBe(403);
    expect((await call('GET', '/plan-requests?limit=0', { token: admin.token })).status).toBe(400);
    const res = await call('GET', '/plan-requests?limit=100', { token: admin.token });
    expect(res.status).toBe(200);
    const statuses: string[] = res.data.data.map((r: { status: string }) => r.status);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.indexOf('replaced')).toBeGreaterThan(statuses.lastIndexOf('pending'));
    expect(res.data.data[0].user).toHaveProperty('email');
    expect(res.data.total).toBe(statuses.length);
  });

  it('approval changes the plan and its limits at once and mails the user', async () => {
    const admin = await makeUser({ role: 'admin' });
    const { user, token } = await makeUser({ name: 'Gina Gold' });
    expect((await call('GET', '/get-limit', { token })).data).toMatchObject({ photolimit: 2, expiryDays: 30 });
    const asked = await call('POST', '/plan-requests', { token, json: paid(plan.gold) });
    const id = asked.data.request.id;

    // Only admins decide; bad input is a 400.
    expect((await call('POST', `/plan-requests/${id}/decision`, { token, json: { decision: 'approve' } })).status).toBe(
      403,
    );
    const bad = await call('POST', `/plan-requests/${id}/decision`, { token: admin.token, json: { decision: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.data.error).toBe("decision must be 'approve' or 'decline'.");
    expect(
      (await call('POST', '/plan-requests/999999/decision', { token: admin.token, json: { decision: 'approve' } }))
        .status,
    ).toBe(404);

    const ok = await call('POST', `/plan-requests/${id}/decision`, {
      token: admin.token,
      json: { decision: 'approve' },
    });
    expect(ok.status).toBe(200);
    expect(ok.data.data).toMatchObject({ status: 'approved' });
    // The very next request, with the same session, sees the new plan's limits.
    expect((await call('GET', '/get-limit', { token })).data).toMatchObject({
      photolimit: 7,
      adsPerDay: 12,
      expiryDays: 60,
    });
    expect((await call('GET', '/account', { token })).data.data.plan).toMatchObject({
      subscription: 'gold',
      name: 'Gold',
      photos: 7,
      adsPerDay: 12,
      expiryDays: 60,
    });
    const [mail] = mailsTo(await readOutbox(dataDir), user.email);
    expect(mail).toMatch(/Subject: Your Gold plan is active/);
    expect(mail).toContain('Hello Gina Gold');

    // Decided once only.
    const again = await call('POST', `/plan-requests/${id}/decision`, {
      token: admin.token,
      json: { decision: 'decline' },
    });
    expect(again.status).toBe(409);
  });

  it('a decline leaves the plan as it was and mails the user', async () => {
    const admin = await makeUser({ role: 'admin' });
    const { user, token } = await makeUser({ name: 'Dan Declined' });
    const asked = await call('POST', '/plan-requests', { token, json: paid(plan.platinum) });
    const res = await call('POST', `/plan-requests/${asked.data.request.id}/decision`, {
      token: admin.token,
      json: { decision: 'decline' },
    });
    expect(res.status).toBe(200);
    expect(res.data.data.status).toBe('declined');
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.subscription).toBe('free');
    const mails = mailsTo(await readOutbox(dataDir), user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/Subject: Your Platinum plan request/);
    expect(mails[0]).toContain('was declined');
    expect((await call('GET', '/account', { token })).data.data.pendingRequest).toBeNull();
  });

  it('limits plan requests per user (429 with Retry-After)', async () => {
    const { token } = await makeUser();
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', '/plan-requests', { token, json: paid(i % 2 ? plan.gold : plan.platinum) });
      expect(res.status).toBe(201);
    }
    const refused = await call('POST', '/plan-requests', { token, json: paid(plan.gold) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
