import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../api/auth/session.ts';
import { db } from '../../api/db/client.ts';
import { faqs, sessions } from '../../api/db/schema/index.ts';
import { CROSS_SITE } from '../../api/middleware/origin-check.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

beforeAll(async () => {
  await setupTestDb();
});

const EVIL = 'https://evil.example';
const OWN = 'http://localhost';

async function faqCount() {
  return (await db().select({ id: faqs.id }).from(faqs)).length;
}

describe(`cross-site request forgery on ${driver}`, () => {
  it('refuses a cookie-authenticated write from another origin, whatever the body type', async () => {
    const admin = await makeUser({ role: 'admin' });
    const cookie = `session=${admin.token}`;
    const before = await faqCount();
    const form = new FormData();
    form.set('question', 'Q?');
    form.set('answer', 'A');
    const attempts = [
      call('POST', '/faqs', { cookie, json: { question: 'Q?', answer: 'A' }, headers: { origin: EVIL } }),
      call('POST', '/faqs', { cookie, form, headers: { origin: EVIL } }),
      call('POST', '/faqs', {
        cookie,
        headers: { origin: EVIL, 'content-type': 'text/plain' },
        json: undefined,
      }),
      call('POST', '/faqs', { cookie, json: { question: 'Q?', answer: 'A' }, headers: { origin: 'null' } }),
      call('POST', '/faqs', {
        cookie,
        json: { question: 'Q?', answer: 'A' },
        headers: { 'sec-fetch-site': 'cross-site' },
      }),
      call('POST', '/faqs', {
        cookie,
        json: { question: 'Q?', answer: 'A' },
        headers: { origin: 'http://localhost.evil.example' },
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.data).toEqual({ success: false, error: CROSS_SITE, message: CROSS_SITE });
    }
    expect(await faqCount()).toBe(before);
  });

  it('refuses cross-site PUT and DELETE too, and leaves the row as it was', async () => {
    const admin = await makeUser({ role: 'admin' });
    const made = await call('POST', '/faqs', { token: admin.token, json: { question: 'Keep?', answer: 'Yes' } });
    expect(made.status).toBeLessThan(300);
    const [row] = await db().select().from(faqs).where(eq(faqs.question, 'Keep?'));
    const cookie = `session=${admin.token}`;
    const put = await call('PUT', `/faqs/${row?.id}`, {
      cookie,
      json: { question: 'Changed', answer: 'No' },
      headers: { origin: EVIL },
    });
    const del = await call('DELETE', `/faqs/${row?.id}`, { cookie, headers: { origin: EVIL } });
    expect([put.status, del.status]).toEqual([403, 403]);
    const [after] = await db()
      .select()
      .from(faqs)
      .where(eq(faqs.id, row?.id as number));
    expect(after?.question).toBe('Keep?');
  });

  it('refuses a cross-site logout, so another site cannot sign a user out', async () => {
    const user = await makeUser();
    const res = await call('POST', '/user/logout', { cookie: `session=${user.token}`, headers: { origin: EVIL } });
    expect(res.status).toBe(403);
    const rows = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(user.token)));
    expect(rows).toHaveLength(1);
  });

  it('refuses a cross-site login (login CSRF) even without a cookie', async () => {
    const res = await call('POST', '/user/login', {
      json: { email: 'x@example.com', password: 'whatever' },
      headers: { origin: EVIL },
    });
    expect(res.status).toBe(403);
  });

  it('allows the same writes from our own origin, from SITE_URL, and with Sec-Fetch-Site same-origin', async () => {
    const admin = await makeUser({ role: 'admin' });
    const cookie = `session=${admin.token}`;
    const body = { question: 'Same?', answer: 'Yes' };
    const own = await call('POST', '/faqs', { cookie, json: body, headers: { origin: OWN } });
    const site = await call('POST', '/faqs', { cookie, json: body, headers: { origin: 'http://localhost:4321' } });
    const fetchMeta = await call('POST', '/faqs', { cookie, json: body, headers: { 'sec-fetch-site': 'same-origin' } });
    expect([own.status, site.status, fetchMeta.status].every((s) => s >= 200 && s < 300)).toBe(true);
  });

  it('does not affect bearer-token requests from another origin', async () => {
    const admin = await makeUser({ role: 'admin' });
    const res = await call('POST', '/faqs', {
      token: admin.token,
      json: { question: 'Bearer?', answer: 'Yes' },
      headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBeLessThan(300);
  });

  it('lets non-browser clients without Origin or Sec-Fetch-Site through', async () => {
    const admin = await makeUser({ role: 'admin' });
    const res = await call('POST', '/faqs', {
      cookie: `session=${admin.token}`,
      json: { question: 'Curl?', answer: 'Yes' },
    });
    expect(res.status).toBeLessThan(300);
  });

  it('answers reads from another origin normally', async () => {
    const res = await call('GET', '/faqs', { headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
  });
});
