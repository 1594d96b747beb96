import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { pgliteOptions } from '../../api/db/client.ts';
import { tableCounts } from '../../scripts/lib/backup-archive.ts';
import { driver } from '../helpers/test-db.ts';

/**
 * `npm run backup` of the embedded database while the process that owns it runs: the backup
 * asks the owner (its lock names it) for a consistent copy, then `npm run restore` brings it
 * back into an empty DATA_DIR. The PostgreSQL side: tests/faults/backup-restore.test.ts.
 */

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mkt-backup-embedded-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function script(name: 'backup' | 'restore', args: string[], env: Record<string, string | undefined>) {
  const res = spawnSync(process.execPath, ['--experimental-strip-types', `scripts/${name}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: undefined, ...env },
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { status: res.status, out: `${res.stdout}${res.stderr}` };
}

describe.skipIf(driver !== 'pglite')('backup of the embedded database', () => {
  it('copy the embedded database while the process that owns it runs, and bring it back', async () => {
    const siteDir = path.join(work, 'embedded-site');
    fs.mkdirSync(path.join(siteDir, 'pglite'), { recursive: true });
    // The migrated template as the site's database, owned by a running process (the real
    // openDatabase: the data directory's lock and the backup's signal).
    const seed = new PGlite(
      path.join(siteDir, 'pglite'),
      pgliteOptions({ loadDataDir: new Blob([fs.readFileSync(inject('pgliteDump'))]) }),
    );
    await seed.exec(
      `INSERT INTO users (name, email, password_hash) VALUES ('Embedded Owner', 'owner@example.com', 'x')`,
    );
    await seed.close();
    const owner = spawn(process.execPath, ['--experimental-strip-types', 'tests/helpers/hold-embedded.ts'], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: siteDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        owner.stdout?.on('data', (d) => String(d).includes('holding') && resolve());
        owner.once('exit', (code) => reject(new Error(`the owner exited (${code})`)));
      });
      const archive = path.join(work, 'embedded.tar.gz');
      const made = script('backup', [archive], { DATA_DIR: siteDir });
      expect(made.status, made.out).toBe(0);
      expect(made.out).toContain('the embedded database');
      const targetDir = path.join(work, 'restored-embedded');
      const back = script('restore', [archive], { DATA_DIR: targetDir });
      expect(back.status, back.out).toBe(0);
      const restored = new PGlite(path.join(targetDir, 'pglite'), pgliteOptions());
      try {
        const counts = await tableCounts(drizzle(restored) as never);
        expect(counts.places).toBeGreaterThan(1000);
        const users = await restored.query<{ name: string }>('SELECT name FROM users ORDER BY id');
        expect(users.rows.map((u) => u.name)).toContain('Embedded Owner');
      } finally {
        await restored.close();
      }
    } finally {
      owner.kill('SIGTERM');
    }
  }, 240_000);
});
