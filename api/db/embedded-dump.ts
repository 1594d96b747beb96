import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A consistent copy of the embedded database while the site runs (`npm run backup`). Only the
 * process that owns the data directory may open it (api/lib/data-dir-lock.ts), so the backup
 * asks that process: it writes what it wants in `$DATA_DIR/backup-request.json` and sends the
 * owner SIGUSR2; the owner checkpoints, copies the data directory as a gzipped tarball between
 * two queries (PGlite runs it exclusively) and writes it where asked, under a temporary name
 * first, so a half-written copy is never taken for a whole one.
 */

export const DUMP_REQUEST_FILE = 'backup-request.json';

/** A copy of the database: checkpointed, then dumped with no query running. */
export async function dumpEmbedded(pglite: PGlite): Promise<Buffer> {
  await pglite.exec('CHECKPOINT');
  const blob = await pglite.dumpDataDir('gzip');
  return Buffer.from(await blob.arrayBuffer());
}

type TServed = { pglite: PGlite; request: string; listening: boolean };
/**
 * One listener per process, answering for the database opened last: the server script and its
 * built bundle each load this module (and the script's own copy of the database is closed
 * once the bundle opens its own).
 */
const SERVED = Symbol.for('marketplace.embeddedDump');

/** Answers backup requests for `dataDir` (the owner of its embedded database calls this). */
export function serveDumpRequests(pglite: PGlite, dataDir: string) {
  const g = globalThis as unknown as Record<symbol, TServed | undefined>;
  const served = g[SERVED] ?? { pglite, request: '', listening: false };
  g[SERVED] = Object.assign(served, { pglite, request: path.join(dataDir, DUMP_REQUEST_FILE) });
  if (served.listening) return;
  served.listening = true;
  process.on('SIGUSR2', () => {
    let target = '';
    try {
      target = (JSON.parse(fs.readFileSync(served.request, 'utf8')) as { target: string }).target;
    } catch {
      return; // Not a backup's request (no file): nothing asked.
    }
    dumpEmbedded(served.pglite)
      .then((copy) => {
        fs.writeFileSync(`${target}.partial`, copy);
        fs.renameSync(`${target}.partial`, target);
      })
      .catch((err) => {
        console.error('[backup] copying the embedded database failed', err);
        fs.writeFileSync(`${target}.error`, String(err instanceof Error ? err.message : err));
      });
  });
}
