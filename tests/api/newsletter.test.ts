import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../api/db/client.ts';
import { newsletterDeliveries, newsletterSubscribers, newsletters } from '../../api/db/schema/index.ts';
import { resetEnv } from '../../api/env.ts';
import { JOB_SCHEMA } from '../../api/jobs/queue.ts';
import { runQueuedJobs } from '../../api/jobs/workers.ts';
import { NEWSLETTER_BATCH_SIZE } from '../../api/lib/limits.ts';
import { resetRateLimits } from '../../api/middleware/rate-limit.ts';
import {
  forgetNewsletterSubscriber,
  getNewsletterState,
  setNewsletterPreference,
} from '../../api/services/newsletter/newsletter-preference.ts';
import { call, makeUser } from '../helpers/client.ts';
import { mailsTo, readOutbox } from '../helpers/outbox.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// The mail queue can be made to fail on its Nth use (a batch that breaks half-way).
const mailQueue = vi.hoisted(() => ({ failOnCall: 0, calls: 0 }));
vi.mock('../../api/mail/queue-mail.ts', async (load) => {
  const real = await load<typeof import('../../api/mail/queue-mail.ts')>();
  return {
    ...real,
    queueMail: async (...args: Parameters<typeof real.queueMail>) => {
      mailQueue.calls += 1;
      if (mailQueue.failOnCall && mailQueue.calls === mailQueue.failOnCall) throw new Error('mail queue unavailable');
      return real.queueMail(...args);
    },
  };
});

let dataDir = '';
let admin: Awaited<ReturnType<typeof makeUser>>;
let customer: Awaited<ReturnType<typeof makeUser>>;
const SUBSCRIBED = 'Thanks! Please check your inbox and open the link we sent to confirm your subscription.';

beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
  process.env.RATE_LIMIT_SCALE = '1';
  resetEnv();
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  admin = await makeUser({ role: 'admin' });
  customer = await makeUser();
});
afterAll(() => {
  delete process.env.RATE_LIMIT_SCALE;
  resetEnv();
});
beforeEach(async () => {
  await resetRateLimits();
});

async function rows<T>(query: string): Promise<T[]> {
  const res = (await db().execute(sql.raw(query))) as unknown as T[] | { rows: T[] };
  return Array.isArray(res) ? res : res.rows;
}

/** The last link of `kind` mailed to `email`. */
async function mailedToken(email: string, kind: 'confirm' | 'unsubscribe'): Promise<string> {
  const mails = mailsTo(await readOutbox(dataDir), email);
  const tokens = mails.flatMap((m) => [...m.matchAll(new RegExp(`/newsletter/${kind}\\?token=([a-z0-9]+)`, 'g'))]);
  const token = tokens.at(-1)?.[1];
  if (!token) throw new Error(`no ${kind} link mailed to ${email}`);
  return token;
}

async function subscribe(email: string, headers?: Record<string, string>) {
  return call('POST', '/newsletter/subscribe', { json: { email }, headers });
}

async function subscribeAndConfirm(email: string) {
  expect((await subscribe(email)).status).toBe(202);
  const token = await mailedToken(email, 'confirm');
  expect((await call('POST', '/newsletter/confirm', { json: { token } })).status).toBe(200);
}

const stateOf = async (email: string) =>
  (await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]?.status;

describe(`newsletter sign-up on ${driver}`, () => {
  it('answers 202 with the same body for a new, a pending and a confirmed address', async () => {
    await subscribeAndConfirm('known@example.com');
    await subscribe('pending@example.com');
    const answers = [];
    for (const email of ['fresh@example.com', 'pending@example.com', 'known@example.com']) {
      const res = await subscribe(email);
      answers.push({ status: res.status, body: res.data });
    }
    expect(answers).toEqual(Array(3).fill({ status: 202, body: { success: true, message: SUBSCRIBED } }));
    await runQueuedJobs();
    // The confirmed address got no second link; nothing changed for it.
    expect(await stateOf('known@example.com')).toBe('confirmed');
    expect(mailsTo(await readOutbox(dataDir), 'known@example.com')).toHaveLength(1);
    expect(mailsTo(await readOutbox(dataDir), 'pending@example.com')).toHaveLength(2);
  });

  it('refuses a missing or malformed email with 400 naming it', async () => {
    expect((await call('POST', '/newsletter/subscribe', { json: {} })).data.error).toBe('Please enter your email.');
    const bad = await call('POST', '/newsletter/subscribe', { json: { email: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.data.error).toBe('Please enter a valid email.');
  });

  it('is double opt-in: pending until the mailed link is used, and the link works once', async () => {
    await subscribe('Opt.In@Example.com');
    const token = await mailedToken('opt.in@example.com', 'confirm');
    expect(await stateOf('opt.in@example.com')).toBe('pending');
    const [row] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'opt.in@example.com'));
    // Only the token's hash is stored.
    expect(row!.confirmTokenHash).not.toContain(token);
    expect(row!.confirmTokenHash).toHaveLength(64);
    const ok = await call('POST', '/newsletter/confirm', { json: { token } });
    expect(ok.status).toBe(200);
    expect(ok.data.message).toBe('Your subscription is confirmed. Thank you for subscribing!');
    expect(await stateOf('opt.in@example.com')).toBe('confirmed');
    const again = await call('POST', '/newsletter/confirm', { json: { token } });
    expect(again.status).toBe(400);
    expect(again.data.error).toBe('This link is invalid or has expired.');
  });

  it('refuses an expired confirmation link', async () => {
    await subscribe('late@example.com');
    const token = await mailedToken('late@example.com', 'confirm');
    await db()
      .update(newsletterSubscribers)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterSubscribers.email, 'late@example.com'));
    expect((await call('POST', '/newsletter/confirm', { json: { token } })).status).toBe(400);
    expect(await stateOf('late@example.com')).toBe('pending');
  });

  it('limits sign-ups for one email to 3 an hour (429 with Retry-After)', async () => {
    for (let i = 0; i < 3; i++) expect((await subscribe('bombed@example.com')).status).toBe(202);
    const refused = await subscribe('bombed@example.com');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await runQueuedJobs();
    expect(mailsTo(await readOutbox(dataDir), 'bombed@example.com')).toHaveLength(3);
  });

  it('limits invalid links from one address to 30 an hour; valid ones are not counted', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await call('POST', '/newsletter/confirm', { json: { token: `wrong${i}` } })).status).toBe(400);
    }
    expect((await call('POST', '/newsletter/confirm', { json: { token: 'wrong-again' } })).status).toBe(429);
    expect((await call('POST', '/newsletter/unsubscribe', { json: { token: 'wrong-again' } })).status).toBe(429);
  });
});

describe(`sending a newsletter on ${driver}`, () => {
  it('is for admins only, and checks its fields', async () => {
    const json = { subject: 'News', text: 'Hello' };
    expect((await call('POST', '/admin/newsletters', { json })).status).toBe(401);
    expect((await call('POST', '/admin/newsletters', { json, token: customer.token })).status).toBe(403);
    for (const path of [
      '/admin/newsletters',
      '/admin/newsletter/subscribers',
      '/admin/newsletter/subscribers/export',
    ]) {
      expect((await call('GET', path)).status, path).toBe(401);
      expect((await call('GET', path, { token: customer.token })).status, path).toBe(403);
    }
    const noSubject = await call('POST', '/admin/newsletters', { json: { text: 'Hi' }, token: admin.token });
    expect(noSubject.status).toBe(400);
    expect(noSubject.data.error).toBe('Please enter a subject.');
    const noText = await call('POST', '/admin/newsletters', { json: { subject: 'Hi', text: ' ' }, token: admin.token });
    expect(noText.data.error).toBe('Please enter the newsletter text.');
    expect(await db().select().from(newsletters)).toHaveLength(0);
  });

  it('mails confirmed subscribers only, each copy with its unsubscribe link and List-Unsubscribe headers', async () => {
    await subscribe('not-yet@example.com');
    const res = await call('POST', '/admin/newsletters', {
      token: admin.token,
      json: {
        subject: 'November news',
        text: 'Fresh listings every day.',
        html: '<p>Fresh <strong>listings</strong></p><script>alert(1)</script>',
      },
    });
    expect(res.status).toBe(201);
    const confirmed = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, 'confirmed'));
    expect(res.data.data).toMatchObject({ subject: 'November news', total: confirmed.length, finished: false });
    await runQueuedJobs();
    const mails = (await readOutbox(dataDir)).filter((m) => /^Subject: November news/m.test(m));
    expect(mails).toHaveLength(confirmed.length);
    for (const c of confirmed) {
      const mine = mailsTo(mails, c.email);
      expect(mine, c.email).toHaveLength(1);
      expect(mine[0]).toMatch(
        /^List-Unsubscribe:\s+<http:\/\/localhost:4321\/api\/newsletter\/unsubscribe\?token=[a-z0-9]+>/m,
      );
      expect(mine[0]).toMatch(/^List-Unsubscribe-Post:\s+List-Unsubscribe=One-Click/m);
      expect(mine[0]).toMatch(/http:\/\/localhost:4321\/newsletter\/unsubscribe\?token=[a-z0-9]+/);
      expect(mine[0]).toContain('<strong>listings</strong>');
      expect(mine[0]).not.toContain('<script>');
    }
    expect(mailsTo(mails, 'not-yet@example.com')).toHaveLength(0);
    const list = await call('GET', '/admin/newsletters', { token: admin.token });
    expect(list.data.data[0]).toMatchObject({ sent: confirmed.length, total: confirmed.length, finished: true });
  });

  it('unsubscribes with the mail’s link: the page’s JSON call and the one-click POST, any number of times', async () => {
    const pageToken = await mailedToken('known@example.com', 'unsubscribe');
    const res = await call('POST', '/newsletter/unsubscribe', { json: { token: pageToken } });
    expect(res.status).toBe(200);
    expect(res.data.message).toBe('You are unsubscribed. You will not get the newsletter any more.');
    expect(await stateOf('known@example.com')).toBe('unsubscribed');
    expect((await call('POST', '/newsletter/unsubscribe', { json: { token: pageToken } })).status).toBe(200);

    const other = await mailedToken('opt.in@example.com', 'unsubscribe');
    // The token in the address alone (the List-Unsubscribe URL) is enough.
    const byAddress = await call('POST', `/newsletter/unsubscribe?token=${other}`);
    expect(byAddress.status).toBe(200);
    expect(await stateOf('opt.in@example.com')).toBe('unsubscribed');
    expect((await call('POST', '/newsletter/unsubscribe', { json: {} })).status).toBe(400);
    expect((await call('POST', '/newsletter/unsubscribe', { json: { token: 'nope' } })).status).toBe(400);
  });

  it('sends a browser that opens the List-Unsubscribe address to the page that asks, unsubscribing nobody', async () => {
    await subscribeAndConfirm('opened@example.com');
    await call('POST', '/admin/newsletters', { token: admin.token, json: { subject: 'Opened', text: 'News' } });
    await runQueuedJobs();
    const token = await mailedToken('opened@example.com', 'unsubscribe');
    const { createApp } = await import('../../api/app.ts');
    const res = await createApp().request(`http://localhost/api/newsletter/unsubscribe?token=${token}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/newsletter/unsubscribe?token=${token}`);
    expect(await stateOf('opened@example.com')).toBe('confirmed');
  });

  it('accepts the RFC 8058 form body List-Unsubscribe=One-Click', async () => {
    await subscribeAndConfirm('oneclick@example.com');
    await call('POST', '/admin/newsletters', { token: admin.token, json: { subject: 'Second', text: 'More news' } });
    await runQueuedJobs();
    const token = await mailedToken('oneclick@example.com', 'unsubscribe');
    const { createApp } = await import('../../api/app.ts');
    const res = await createApp().request(`http://localhost/api/newsletter/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await stateOf('oneclick@example.com')).toBe('unsubscribed');
  });

  it('refuses to send when nobody is confirmed (409)', async () => {
    await db().update(newsletterSubscribers).set({ status: 'unsubscribed' });
    const res = await call('POST', '/admin/newsletters', { token: admin.token, json: { subject: 'x', text: 'y' } });
    expect(res.status).toBe(409);
    expect(res.data.error).toBe('There are no confirmed subscribers to send to.');
  });

  it('retries a batch that failed half-way without mailing anyone twice', async () => {
    const count = NEWSLETTER_BATCH_SIZE + 20;
    const now = new Date();
    await db()
      .insert(newsletterSubscribers)
      .values(
        Array.from({ length: count }, (_, i) => ({
          email: `bulk${i}@example.com`,
          status: 'confirmed',
          confirmedAt: now,
        })),
      );
    const res = await call('POST', '/admin/newsletters', {
      token: admin.token,
      json: { subject: 'Bulk', text: 'Hi all' },
    });
    expect(res.status).toBe(201);
    const id = res.data.data.id as number;
    expect(res.data.data.total).toBe(count);
    // The 30th mail of the first batch cannot be queued: the batch fails after 29.
    mailQueue.calls = 0;
    mailQueue.failOnCall = 30;
    expect(await runQueuedJobs(['newsletter-batch'])).toEqual({ ran: 1, failed: 1 });
    const delivered = () => db().select().from(newsletterDeliveries).where(eq(newsletterDeliveries.newsletterId, id));
    expect(await delivered()).toHaveLength(29);
    // Its retry is due (the backoff has passed).
    await db().execute(
      sql.raw(`UPDATE ${JOB_SCHEMA}.job SET start_after = now() WHERE name = 'newsletter-batch' AND state = 'retry'`),
    );
    expect(await runQueuedJobs(['newsletter-batch'])).toEqual({ ran: 2, failed: 0 });
    mailQueue.failOnCall = 0;
    expect(await delivered()).toHaveLength(count);
    const perRecipient = await rows<{ to: string; n: number }>(
      `SELECT data->>'to' AS to, count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = 'mail' AND data->>'subject' = 'Bulk' GROUP BY 1`,
    );
    expect(perRecipient).toHaveLength(count);
    expect(perRecipient.every((r) => Number(r.n) === 1)).toBe(true);
    const progress = await call('GET', '/admin/newsletters', { token: admin.token });
    expect(progress.data.data.find((n: { id: number }) => n.id === id)).toMatchObject({
      sent: count,
      total: count,
      finished: true,
    });
  });

  it('skips a subscriber who left after the send, and counts them', async () => {
    const res = await call('POST', '/admin/newsletters', {
      token: admin.token,
      json: { subject: 'Third', text: 'Hi' },
    });
    await db()
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed', unsubscribedAt: new Date(Date.now() + 1000) })
      .where(eq(newsletterSubscribers.email, 'bulk0@example.com'));
    await runQueuedJobs(['newsletter-batch']);
    const progress = (await call('GET', '/admin/newsletters', { token: admin.token })).data.data.find(
      (n: { id: number }) => n.id === res.data.data.id,
    );
    expect(progress).toMatchObject({ skipped: 1, sent: progress.total - 1, finished: true });
  });
});

describe(`subscribers for admins on ${driver}`, () => {
  it('lists addresses newest first, paged, searchable and filtered by state, with the count of each', async () => {
    const res = await call('GET', '/admin/newsletter/subscribers?limit=5', { token: admin.token });
    expect(res.status).toBe(200);
    const all = await db().select().from(newsletterSubscribers);
    expect(res.data.total).toBe(all.length);
    expect(res.data.data).toHaveLength(5);
    expect(res.data.counts.confirmed + res.data.counts.pending + res.data.counts.unsubscribed).toBe(all.length);
    const search = await call('GET', '/admin/newsletter/subscribers?q=bulk1', { token: admin.token });
    expect(search.data.data.every((s: { email: string }) => s.email.startsWith('bulk1'))).toBe(true);
    expect(search.data.total).toBe(11);
    // LIKE wildcards typed in the box match themselves.
    expect((await call('GET', '/admin/newsletter/subscribers?q=%25', { token: admin.token })).data.total).toBe(0);
    const pending = await call('GET', '/admin/newsletter/subscribers?status=pending&limit=100', { token: admin.token });
    expect(pending.data.data.every((s: { status: string }) => s.status === 'pending')).toBe(true);
    expect(pending.data.total).toBe(res.data.counts.pending);
    for (const bad of ['status=gone', 'limit=0', 'page=-1']) {
      expect((await call('GET', `/admin/newsletter/subscribers?${bad}`, { token: admin.token })).status, bad).toBe(400);
    }
  });

  it('exports CSV with escaped cells and no formula a spreadsheet would run', async () => {
    await db()
      .insert(newsletterSubscribers)
      .values([
        { email: '=hyperlink("http://evil.example")@x.example', status: 'pending' },
        { email: '+1@x.example', status: 'pending' },
      ]);
    const res = await call('GET', '/admin/newsletter/subscribers/export?status=pending', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const lines = String(res.data).trim().split('\r\n');
    expect(lines[0]).toBe('email,status,signed_up,confirmed,unsubscribed');
    // Quoted (it holds quotes), quotes doubled, and the leading = made text by a '.
    expect(lines.some((l) => l.startsWith(`"'=hyperlink(""http://evil.example"")@x.example",pending,`))).toBe(true);
    expect(lines.some((l) => l.startsWith("'+1@x.example,pending,"))).toBe(true);
    expect(lines.slice(1).every((l) => /^("?')?[^=+\-@]/.test(l))).toBe(true);
  });
});

describe(`the account page's newsletter preference on ${driver}`, () => {
  it('maps to the same subscription: on starts the double opt-in, off ends it, deletion forgets it', async () => {
    const email = 'member@example.com';
    expect(await getNewsletterState(email)).toBe('none');
    expect(await setNewsletterPreference({ email, subscribed: true })).toBe('pending');
    const token = await mailedToken(email, 'confirm');
    expect((await call('POST', '/newsletter/confirm', { json: { token } })).status).toBe(200);
    expect(await getNewsletterState(email)).toBe('confirmed');
    // Switching it on again changes nothing and mails nothing.
    expect(await setNewsletterPreference({ email, subscribed: true })).toBe('confirmed');
    await runQueuedJobs();
    expect(mailsTo(await readOutbox(dataDir), email)).toHaveLength(1);
    expect(await setNewsletterPreference({ email, subscribed: false })).toBe('unsubscribed');
    await forgetNewsletterSubscriber(email);
    expect(await getNewsletterState(email)).toBe('none');
  });
});
