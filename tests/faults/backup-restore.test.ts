import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { rowsOf } from '../../api/lib/rows-of.ts';
import { COUNTED_TABLES, tableCounts } from '../../scripts/lib/backup-archive.ts';
import { insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { withDatabase } from '../helpers/global-setup.ts';
import { setupTestDb } from '../helpers/test-db.ts';

/**
 * `npm run backup` and `npm run restore` as an operator runs them (child processes), on a
 * PostgreSQL site with ads, photos and messages: pg_dump, then pg_restore into an empty database
 * elsewhere. The restored site must hold the same rows and the same images. The embedded
 * database's side: tests/api/backup-embedded.test.ts.
 */

const url = process.env.TEST_DATABASE_URL as string;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mkt-backup-'));
let dataDir = '';
let sourceUrl = '';
const admin = postgres(url, { max: 1, onnotice: () => {} });

function script(name: 'backup' | 'restore', args: string[], env: Record<string, string | undefined>) {
  const res = spawnSync(process.execPath, ['--experimental-strip-types', `scripts/${name}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: undefined, DATABASE_REPLICA_URLS: undefined, ...env },
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { status: res.status, out: `${res.stdout}${res.stderr}` };
}

const uploadsOf = (dir: string) =>
  Object.fromEntries(
    fs.readdirSync(path.join(dir, 'uploads')).map((f) => [f, fs.readFileSync(path.join(dir, 'uploads', f))]),
  );

beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
  const [row] = rowsOf<{ name: string }>(await db().execute(sql`SELECT current_database() AS name`));
  sourceUrl = withDatabase(url, row?.name as string);
  // A seller with a photographed ad, and a buyer who wrote to them.
  const seller = await makeUser({ name: 'Backup Seller' });
  const buyer = await makeUser({ name: 'Backup Buyer' });
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2e86de' } })
    .png()
    .toBuffer();
  const form = new FormData();
  const fields = { heading: 'Blue bicycle', description: '<p>Fast.</p>', category: 'sports', price: '90', rating: '4' };
  for (const [k, v] of Object.entries({ ...fields, location: 'Austin, TX', features: '[]', make_as_featured: 'N' })) {
    form.append(k, v);
  }
  form.append('image', new File([new Uint8Array(photo)], 'bike.png', { type: 'image/png' }));
  await insertCategory({ name: 'Sports', slug: 'sports' });
  const ad = await call('POST', '/ads/add', { token: seller.token, form });
  expect(ad.status, JSON.stringify(ad.data)).toBe(201);
  const talk = await call('POST', '/conversations', {
    token: buyer.token,
    json: { adId: ad.data.adsData.id, text: 'Is it still for sale?' },
  });
  expect(talk.status, JSON.stringify(talk.data)).toBe(201);
}, 120_000);

afterAll(async () => {
  for (const { datname } of await admin<
    { datname: string }[]
  >`SELECT datname FROM pg_database WHERE datname LIKE 'restored_%'`) {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
  await admin.end();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('bring a PostgreSQL site back elsewhere: rows, a sample of them, and its images', async () => {
    const archive = path.join(work, 'pg.tar.gz');
    const made = script('backup', [archive], { DATABASE_URL: sourceUrl, DATA_DIR: dataDir });
    expect(made.status, made.out).toBe(0);
    const target = `restored_${process.pid}`;
    await admin.unsafe(`CREATE DATABASE ${target}`);
    const targetDir = path.join(work, 'restored-pg');
    const back = script('restore', [archive], { DATABASE_URL: withDatabase(url, target), DATA_DIR: targetDir });
    expect(back.status, back.out).toBe(0);
    // The same rows…
    const restored = postgres(withDatabase(url, target), { max: 1, onnotice: () => {} });
    try {
      const before = await tableCounts(db());
      expect(before.ads).toBeGreaterThan(0);
      expect(before.messages).toBeGreaterThan(0);
      for (const table of COUNTED_TABLES.filter((t) => t in before)) {
        const [n] = await restored.unsafe(`SELECT count(*)::int AS n FROM "${table}"`);
        expect(n?.n, table).toBe(before[table]);
      }
      // …the same content (a sample: every ad and message as the site shows them)…
      const sample = `SELECT a.heading, a.price::text, a.image, m.text FROM ads a
        LEFT JOIN conversations c ON c.ad_id = a.id LEFT JOIN messages m ON m.conversation_id = c.id ORDER BY a.id, m.id`;
      expect(await restored.unsafe(sample)).toEqual(rowsOf(await db().execute(sql.raw(sample))));
      // …and the same images, byte for byte.
      expect(uploadsOf(targetDir)).toEqual(uploadsOf(dataDir));
      // Nothing is written over: a second restore into the same database is refused.
      const again = script('restore', [archive], { DATABASE_URL: withDatabase(url, target), DATA_DIR: targetDir });
      expect(again.status).toBe(1);
      expect(again.out).toContain('already has tables');
    } finally {
      await restored.end();
    }
  }, 240_000);
});
