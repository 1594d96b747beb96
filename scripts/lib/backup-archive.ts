// What scripts/backup.ts writes and scripts/restore.ts reads.
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import type { Db } from '../../api/db/client.ts';
import { rowsOf } from '../../api/lib/rows-of.ts';

export type TManifest = {
  format: 1;
  createdAt: string;
  /** Which database the archive holds: database.tar.gz (embedded) or database.pgdump. */
  database: 'embedded' | 'postgres';
  /** Uploaded files in uploads/. */
  files: number;
  /** Rows per table of the site's own schema when the copy was made (PostgreSQL). */
  counts?: Record<string, number>;
};

/** The tables whose rows a restore must bring back (the site's own, not the job queue's). */
export const COUNTED_TABLES = [
  'users',
  'sessions',
  'categories',
  'ads',
  'ad_search',
  'wishlist_items',
  'conversations',
  'messages',
  'saved_searches',
  'pages',
  'faqs',
  'testimonials',
  'membership_plans',
  'site_settings',
  'places',
  'audit_log',
];

/** Rows per table of COUNTED_TABLES that exist in `db`. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const exists = rowsOf<{ t: string | null }>(
      await db.execute(sql`SELECT to_regclass(${`public.${table}`})::text AS t`),
    );
    if (!exists[0]?.t) continue;
    const [row] = rowsOf<{ n: number }>(await db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${table}"`)));
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

/** Runs tar (GNU tar, as every Linux has it) and fails loudly. */
export function tar(args: string[]) {
  const res = spawnSync('tar', args, { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`tar ${args[0]} failed: ${res.stderr || res.error}`);
}
