// npm run backup [-- ARCHIVE]: one archive (.tar.gz) of everything the site needs to come back,
// while it runs: the database (the embedded one as a consistent copy made by the process that
// owns it, or a pg_dump of DATABASE_URL) and the uploads (the local folder, or every object of
// the S3 bucket). `npm run restore ARCHIVE` brings it back (scripts/restore.ts).
//
// Archive layout: manifest.json (what is inside, with each table's row count), database.tar.gz
// (embedded) or database.pgdump (pg_dump's custom format), uploads/<name> for every file.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { connection, pgliteOptions } from '../api/db/client.ts';
import { DUMP_REQUEST_FILE, dumpEmbedded } from '../api/db/embedded-dump.ts';
import { env } from '../api/env.ts';
import { acquireDataDirLock, DataDirLockedError, releaseDataDirLock } from '../api/lib/data-dir-lock.ts';
import { listFiles, openFile } from '../api/storage/storage.ts';
import { type TManifest, tableCounts, tar } from './lib/backup-archive.ts';

/** How long the site may take to copy its embedded database. */
const DUMP_WAIT_MS = 300_000;

/** The embedded database's copy: made here when no process owns it, else by its owner. */
async function embeddedCopy(dataDir: string, target: string) {
  try {
    acquireDataDirLock(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    // The site runs: it makes the copy (api/db/embedded-dump.ts).
    fs.writeFileSync(path.join(dataDir, DUMP_REQUEST_FILE), JSON.stringify({ target }));
    process.kill(err.owner.pid, 'SIGUSR2');
    const until = Date.now() + DUMP_WAIT_MS;
    while (!fs.existsSync(target)) {
      if (fs.existsSync(`${target}.error`)) throw new Error(fs.readFileSync(`${target}.error`, 'utf8'));
      if (Date.now() > until) throw new Error(`process ${err.owner.pid} made no copy within ${DUMP_WAIT_MS / 1000} s`);
      await new Promise((r) => setTimeout(r, 100));
    }
    fs.rmSync(path.join(dataDir, DUMP_REQUEST_FILE), { force: true });
    return;
  }
  try {
    const pglite = new PGlite(path.join(dataDir, 'pglite'), pgliteOptions());
    fs.writeFileSync(target, await dumpEmbedded(pglite));
    await pglite.close();
  } finally {
    releaseDataDirLock(dataDir);
  }
}

/** Every stored upload, into `dir`. */
async function copyUploads(dir: string): Promise<number> {
  fs.mkdirSync(dir, { recursive: true });
  const names = await listFiles();
  for (const name of names) {
    const file = await openFile(name);
    if (!file) continue; // removed since it was listed
    fs.writeFileSync(path.join(dir, name), Buffer.from(await new Response(file.body).arrayBuffer()));
  }
  return names.length;
}

export async function backup(archive: string): Promise<TManifest> {
  const e = env();
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-backup-'));
  try {
    let database: TManifest['database'];
    if (e.DATABASE_URL) {
      database = 'postgres';
      const dump = spawnSync(
        'pg_dump',
        ['-Fc', '--no-owner', '-f', path.join(stage, 'database.pgdump'), e.DATABASE_URL],
        {
          encoding: 'utf8',
        },
      );
      if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr || dump.error}`);
    } else {
      database = 'embedded';
      await embeddedCopy(e.dataDir, path.join(stage, 'database.tar.gz'));
    }
    const files = await copyUploads(path.join(stage, 'uploads'));
    // Row counts of the copy, read from the database it was made from (restore compares them).
    const counts = e.DATABASE_URL ? await tableCounts(connection().db) : undefined;
    const manifest: TManifest = { format: 1, createdAt: new Date().toISOString(), database, files, counts };
    fs.writeFileSync(path.join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    tar(['-czf', path.resolve(archive), '-C', stage, '.']);
    return manifest;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const archive = process.argv[2] ?? `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
  try {
    const manifest = await backup(archive);
    console.log(`Wrote ${archive}: the ${manifest.database} database and ${manifest.files} uploaded files.`);
    process.exit(0);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
