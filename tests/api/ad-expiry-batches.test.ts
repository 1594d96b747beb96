import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../api/db/client.ts';
import { rowsOf } from '../../api/lib/rows-of.ts';
import { EXPIRY_RUN_LIMITS, runAdExpiry } from '../../api/services/ads/run-ad-expiry.ts';
import { insertCategory } from '../helpers/catalog-factory.ts';
import { makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// Expiries the database wrote keep microseconds (now() + interval, the 0007 migration, bulk
// rows); a reminder must go out for every one of them, once, and a run must end whatever the
// rows hold. The old job compared with a JavaScript Date (milliseconds): no row ever matched,
// no reminder went out, and with 500 or more due it read the same rows for ever.

let categoryId = 0;
let sellerId = 0;

beforeAll(async () => {
  await setupTestDb();
  categoryId = (await insertCategory({ name: 'Batch things', slug: 'batch-things' }))!.id;
  sellerId = (await makeUser({ name: 'Bo Batch' })).user.id;
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

/** `n` ads whose expiry, written by the database, is `days` ahead with microseconds. */
async function adsExpiringIn(n: number, days: number, tag: string) {
  await db().execute(sql`
    INSERT INTO ads (heading, slug, category_id, user_id, price, rating, description, location, features, expires_at)
    SELECT ${tag} || ' ' || g, ${tag} || '-' || g, ${categoryId}, ${sellerId}, 10, 4, '', '', '[]',
           now() + make_interval(days => ${days}) + (g * interval '1 microsecond') + interval '7 microseconds'
    FROM generate_series(1, ${n}) AS g`);
}

/** The reminder mails queued (one job each), by subject. */
async function queuedReminders(tag: string): Promise<string[]> {
  const rows = rowsOf<{ subject: string }>(
    await db().execute(sql`
      SELECT data->>'subject' AS subject FROM pgboss.job
      WHERE name = 'mail' AND data->>'subject' LIKE ${`Your ad “${tag} %`}`),
  );
  return rows.map((r) => r.subject);
}

describe(`the expiry job's batches on ${driver}`, () => {
  it('sends 600 reminders for 600 ads whose expiry has microseconds, once each', async () => {
    await adsExpiringIn(600, 2, 'Micro');
    const first = await runAdExpiry();
    expect(first.reminded).toBe(600);
    const subjects = await queuedReminders('Micro');
    expect(subjects).toHaveLength(600);
    expect(new Set(subjects.map((s) => s.split('”')[0])).size).toBe(600);
    // Every ad is marked; the next run finds nothing more to send.
    expect((await runAdExpiry()).reminded).toBe(0);
    expect(await queuedReminders('Micro')).toHaveLength(600);
    const [left] = rowsOf<{ n: number }>(
      await db().execute(
        sql`SELECT count(*)::int AS n FROM ads WHERE heading LIKE 'Micro %' AND expiry_reminded_at IS NULL`,
      ),
    );
    expect(left!.n).toBe(0);
  });

  it('ends a run at its bound and leaves the rest to the next run', async () => {
    await adsExpiringIn(30, 1, 'Bounded');
    const limits = { ...EXPIRY_RUN_LIMITS, reminders: 12 };
    expect((await runAdExpiry({ limits })).reminded).toBe(12);
    expect((await runAdExpiry({ limits })).reminded).toBe(12);
    expect((await runAdExpiry({ limits })).reminded).toBe(6);
    expect((await runAdExpiry({ limits })).reminded).toBe(0);
    expect(await queuedReminders('Bounded')).toHaveLength(30);
  });

  it('ends, and expires every due ad, when ads are due in their thousands', async () => {
    await adsExpiringIn(1200, 0, 'Due');
    await db().execute(sql`UPDATE ads SET expires_at = expires_at - interval '1 hour' WHERE heading LIKE 'Due %'`);
    const run = await runAdExpiry();
    expect(run.expired).toBeGreaterThanOrEqual(1200);
    const [left] = rowsOf<{ n: number }>(
      await db().execute(sql`SELECT count(*)::int AS n FROM ads WHERE heading LIKE 'Due %' AND status <> 'expired'`),
    );
    expect(left!.n).toBe(0);
  });
});
