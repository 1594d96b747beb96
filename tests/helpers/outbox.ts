import fs from 'node:fs';
import path from 'node:path';
import { runQueuedJobs } from '../../api/jobs/workers.ts';

/**
 * Runs the queued jobs, then reads every .eml in `dataDir`/outbox (quoted-printable soft line
 * breaks joined, so links and sentences read whole), oldest first.
 */
export async function readOutbox(dataDir: string): Promise<string[]> {
  await runQueuedJobs();
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) =>
      fs
        .readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
}

/** The mails addressed to `email`. */
export function mailsTo(mails: string[], email: string): string[] {
  return mails.filter((m) => new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(m));
}
