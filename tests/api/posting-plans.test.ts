import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { setupTestDb } from '../helpers/test-db.ts';

// The two look-ups every post makes beside its insert (drizzle/0039_posting_lookups.sql) must
// be able to read an index: without one, each read every ad (130–240 ms at 100,000 ads). With
// sequential scans priced out, a plan that still names no index has none it could use.

beforeAll(async () => {
  await setupTestDb();
});

async function planOf(query: ReturnType<typeof sql>): Promise<string> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const result = (await tx.execute(sql`EXPLAIN ${query}`)) as unknown;
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[];
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe('posting look-ups', () => {
  it('finds the taken slugs of a heading through an index, on any collation', async () => {
    for (const table of ['ads', 'ad_slugs']) {
      const plan = await planOf(
        sql`SELECT slug FROM ${sql.identifier(table)} WHERE slug = 'oak-chair' OR slug ~ '^oak-chair-[0-9]+$'`,
      );
      expect(plan).toMatch(/Index/);
      expect(plan).toMatch(/oak-chair-/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });

  it('walks the visible ads changed since the saved-search watermark through an index', async () => {
    const plan = await planOf(sql`
      SELECT id, updated_at::text FROM ads
      WHERE status IN ('active', 'reserved') AND expires_at > now() AND NOT owner_banned
        AND (updated_at, id) > (now() - interval '1 minute', 0)
      ORDER BY ads.updated_at, ads.id LIMIT 500`);
    expect(plan).toMatch(/ads_visible_updated_idx/);
  });
});
