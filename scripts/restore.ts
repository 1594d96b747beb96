// npm run restore ARCHIVE: brings back an archive of `npm run backup` (scripts/backup.ts) into an
// empty place: DATABASE_URL's database when the archive holds a pg_dump (it must have no tables
// yet), else the embedded database of DATA_DIR (which must not exist yet), and the uploads into
// the storage the environment names (the local folder or the S3 bucket). It refuses to write
// over anything, and says what it brought back.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { closeDatabase, connection, pgliteOptions } from '../api/db/client.ts';
import { env } from '../api/env.ts';
import { acquireDataDirLock, releaseDataDirLock } from '../api/lib/data-dir-lock.ts';
import { rowsOf } from '../api/lib/rows-of.ts';
import { putFile } from '../api/storage/storage.ts';
import { type TManifest, tableCounts, tar } from './lib/backup-archive.ts';

async function restoreEmbedded(copy: string, dataDir: string) {
  const dir = path.join(dataDir, 'pglite');
  if (fs.existsSync(dir) && fs.readdirSync(dir).length) {
    throw new Error(`${dir} already holds a database: restore into an empty DATA_DIR.`);
  }
  acquireDataDirLock(dataDir);
  try {
    const pglite = new PGlite(dir, pgliteOptions({ loadDataDir: new Blob([fs.readFileSync(copy)]) }));
    await pglite.waitReady;
    await pglite.close();
  } finally {
    releaseDataDirLock(dataDir);
  }
}

async function restorePostgres(dump: string, url: string) {
  const [row] = rowsOf<{ n: number }>(
    await connection().db.execute(sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`),
  );
  if (Number(row?.n) > 0)
    throw new Error('The database of DATABASE_URL already has tables: restore into an empty one.');
  const res = spawnSync('pg_restore', ['--no-owner', '--exit-on-error', '-d', url, dump], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`pg_restore failed: ${res.stderr || res.error}`);
}

export async function restore(archive: string): Promise<{ manifest: TManifest; counts?: Record<string, number> }> {
  const e = env();
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-restore-'));
  try {
    tar(['-xzf', path.resolve(archive), '-C', stage]);
    const manifest = JSON.parse(fs.readFileSync(path.join(stage, 'manifest.json'), 'utf8')) as TManifest;
    if (manifest.format !== 1) throw new Error(`Unknown archive format ${manifest.format}.`);
    let counts: Record<string, number> | undefined;
    if (manifest.database === 'postgres') {
      if (!e.DATABASE_URL)
        throw new Error('This archive holds a PostgreSQL dump: set DATABASE_URL to an empty database.');
      await restorePostgres(path.join(stage, 'database.pgdump'), e.DATABASE_URL);
      counts = await tableCounts(connection().db);
      const differ = Object.entries(manifest.counts ?? {}).filter(([t, n]) => counts?.[t] !== n);
      if (differ.length) throw new Error(`Rows differ after the restore: ${JSON.stringify(differ)}`);
    } else {
      if (e.DATABASE_URL) throw new Error('This archive holds the embedded database: unset DATABASE_URL.');
      await restoreEmbedded(path.join(stage, 'database.tar.gz'), e.dataDir);
    }
    const uploads = path.join(stage, 'uploads');
    const names = fs.existsSync(uploads) ? fs.readdirSync(uploads) : [];
    for (const name of names) await putFile(name, fs.readFileSync(path.join(uploads, name)));
    return { manifest, counts };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
    await closeDatabase();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const archive = process.argv[2];
  if (!archive) {
    console.error('Usage: npm run restore ARCHIVE');
    process.exit(2);
  }
  try {
    const { manifest } = await restore(archive);
    console.log(`Restored the ${manifest.database} database of ${manifest.createdAt} and ${manifest.files} files.`);
    process.exit(0);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
