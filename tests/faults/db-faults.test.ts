import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDatabase, connection, connectPostgres, db, useConnection } from '../../api/db/client.ts';
import { call, makeUser } from '../helpers/client.ts';
import { startRelay, terminateBackends } from '../helpers/pg-faults.ts';
import { setupTestDb } from '../helpers/test-db.ts';

/**
 * Database faults against real PostgreSQL (TEST_DATABASE_URL; this project is skipped
 * without it): the API's connections killed under load, a "restart" (the server going away
 * and refusing connections for a while, then coming back), and a write that dies half-way.
 * The API is the real app in this process on postgres.js; nothing is restarted but the
 * database.
 */

const url = process.env.TEST_DATABASE_URL as string;
let admin: postgres.Sql;
let dbName = '';
let dataDir = '';

beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
  admin = postgres(url, { max: 1, onnotice: () => {} });
  const rows = (await db().execute(sql`select current_database() as name`)) as unknown as { name: string }[];
  dbName = rows[0]?.name as string;
  await call('POST', '/user/signup', {
    json: { name: 'Load', email: 'load@example.com', password: 'secret1', cpassword: 'secret1' },
  });
});
afterAll(async () => {
  await admin?.end();
});

type TSample = { at: number; status: number };

/**
 * Keeps `workers` requests in flight (public list, settings, a signed-in read) until
 * stop() and records every status with its time.
 */
function startLoad(token: string, workers = 6) {
  const samples: TSample[] = [];
  let running = true;
  const paths = ['/all-ads?page=1&limit=10', '/get-settings', '/user/me', '/faqs'];
  const loops = Array.from({ length: workers }, async (_, w) => {
    let i = w;
    while (running) {
      const p = paths[i++ % paths.length] as string;
      // A request that never answers would hang the test: count it as status 0 after 10 s.
      const res = await Promise.race([
        call('GET', p, { token }),
        new Promise<{ status: number }>((r) => setTimeout(() => r({ status: 0 }), 10_000)),
      ]);
      samples.push({ at: performance.now(), status: res.status });
    }
  });
  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Time from `from` until the first 200 after which every answer was a 200. */
function recoveryMs(samples: TSample[], from: number): number {
  const after = samples.filter((s) => s.at >= from).sort((a, b) => a.at - b.at);
  let lastBad = -1;
  after.forEach((s, i) => {
    if (s.status !== 200) lastBad = i;
  });
  const firstGood = after[lastBad + 1];
  return firstGood ? firstGood.at - from : Number.POSITIVE_INFINITY;
}

describe('PostgreSQL faults', () => {
  it('answers 503 at worst when its connections are terminated mid-load, and recovers within 5 s', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { token } = await makeUser();
    const load = startLoad(token);
    await new Promise((r) => setTimeout(r, 700));
    const faultAt = performance.now();
    const killed = await terminateBackends(admin, dbName);
    await new Promise((r) => setTimeout(r, 2500));
    // Once more while it is recovering.
    await terminateBackends(admin, dbName);
    const secondAt = performance.now();
    await new Promise((r) => setTimeout(r, 2500));
    await load.stop();
    vi.restoreAllMocks();

    expect(killed).toBeGreaterThan(0);
    const statuses = new Set(load.samples.map((s) => s.status));
    expect(
      [...statuses].every((s) => s === 200 || s === 503),
      `statuses seen: ${[...statuses]}`,
    ).toBe(true);
    expect(load.samples.filter((s) => s.at > faultAt && s.status === 200).length).toBeGreaterThan(10);
    expect(recoveryMs(load.samples, faultAt)).toBeLessThan(5000);
    expect(recoveryMs(load.samples, secondAt)).toBeLessThan(5000);
    // And it still works afterwards, without a restart.
    expect((await call('GET', '/readyz')).status).toBe(200);
  });

  it('rides out a database restart (connections dropped, refused for 2 s, then back) with 503s and recovers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // The app talks to PostgreSQL through a TCP relay; "restarting" = the relay dropping every
    // connection and refusing new ones for a while, exactly what a client sees of a restart.
    // (Restarting the machine's shared cluster itself would disturb other users of it.)
    const relay = await startRelay(url, dbName);
    const direct = connection();
    useConnection(connectPostgres(relay.url, 5));
    try {
      const { token } = await makeUser();
      const load = startLoad(token);
      await new Promise((r) => setTimeout(r, 700));
      // Down: every open connection dies, new ones are refused.
      const downAt = performance.now();
      await relay.down();
      await new Promise((r) => setTimeout(r, 2000));
      const down = load.samples.filter((s) => s.at > downAt + 200);
      // Up again on the same port.
      await relay.up();
      const upAt = performance.now();
      await new Promise((r) => setTimeout(r, 4000));
      await load.stop();
      vi.restoreAllMocks();

      const statuses = new Set(load.samples.map((s) => s.status));
      expect(
        [...statuses].every((s) => s === 200 || s === 503),
        `statuses seen: ${[...statuses]}`,
      ).toBe(true);
      expect(down.some((s) => s.status === 503)).toBe(true);
      expect(recoveryMs(load.samples, upAt)).toBeLessThan(5000);
      expect((await call('GET', '/readyz')).status).toBe(200);
    } finally {
      await closeDatabase();
      useConnection(direct);
      relay.close();
    }
  });

  it('leaves neither a row nor a file when the database dies half-way through an ad with images', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const seller = await makeUser({ subscription: 'platinum' });
    await call('POST', '/category/add-edit', {
      token: (await makeUser({ role: 'admin' })).token,
      form: (() => {
        const f = new FormData();
        f.set('name', 'Faults');
        f.set('slug', 'faults');
        return f;
      })(),
    });
    // The insert kills its own connection: the images are already stored by then.
    await db().execute(
      sql.raw(`create or replace function die_on_ad_insert() returns trigger language plpgsql as $$
        begin perform pg_terminate_backend(pg_backend_pid()); return new; end $$`),
    );
    await db().execute(
      sql.raw('create trigger die_on_ad_insert before insert on ads for each row execute function die_on_ad_insert()'),
    );
    try {
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer();
      const uploads = path.join(dataDir, 'uploads');
      const filesBefore = fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : [];
      const form = new FormData();
      for (const [k, v] of Object.entries({
        heading: 'Half-way',
        description: '<p>Dies</p>',
        category: 'faults',
        price: '5',
        rating: '4',
        location: 'Nowhere',
        features: '[]',
        make_as_featured: 'N',
      })) {
        form.set(k, v);
      }
      form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'main.png');
      form.append('gallery[]', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'g1.png');
      const res = await call('POST', '/ads/add', { token: seller.token, form });
      expect([500, 503]).toContain(res.status);
      expect(res.data.success).toBe(false);
      const filesAfter = fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : [];
      expect(filesAfter).toEqual(filesBefore);
      const rows = (await db().execute(
        sql`select count(*)::int as n from ads where heading = 'Half-way'`,
      )) as unknown as {
        n: number;
      }[];
      expect(rows[0]?.n).toBe(0);
    } finally {
      await db().execute(sql.raw('drop trigger if exists die_on_ad_insert on ads'));
      await db().execute(sql.raw('drop function if exists die_on_ad_insert()'));
    }
  });

  it('stores nothing when the client hangs up half-way through an upload', async () => {
    const seller = await makeUser({ subscription: 'platinum' });
    const uploads = path.join(dataDir, 'uploads');
    const before = fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : [];
    const boundary = 'xBOUNDARYx';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="heading"\r\n\r\nCut off\r\n--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) {
          sent += 1;
          controller.enqueue(new Uint8Array(head));
          return;
        }
        if (sent < 5) {
          sent += 1;
          controller.enqueue(new Uint8Array(64 * 1024));
          return;
        }
        controller.error(new Error('client went away'));
      },
    });
    const { app } = await import('../../api/app.ts');
    const res = await Promise.resolve(
      app().request('http://localhost/api/ads/add', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${seller.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body,
        duplex: 'half',
      } as RequestInit),
    ).catch(() => null);
    if (res) expect(res.status).toBeGreaterThanOrEqual(400);
    const after = fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : [];
    expect(after).toEqual(before);
    const rows = (await db().execute(sql`select count(*)::int as n from ads where heading = 'Cut off'`)) as unknown as {
      n: number;
    }[];
    expect(rows[0]?.n).toBe(0);
  });
});
