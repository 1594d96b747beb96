import fs from 'node:fs';
import path from 'node:path';
import { runQueuedJobs } from '../../api/jobs/workers.ts';

/**
 * Runs the queued jobs, then reads every .eml in `dataDir`/outbox (quoted-printable soft line
 * breaks joined, so links and sentences read whole), oldest first.
 */
export async function readOutbox(dataDir: string): Promise<string[]> {
  return (await rawOutbox(dataDir)).map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}

/** Runs the queued jobs, then the raw .eml files of `dataDir`/outbox, oldest first. */
async function rawOutbox(dataDir: string): Promise<string[]> {
  await runQueuedJobs();
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}

/** The mails addressed to `email`. */
export function mailsTo(mails: string[], email: string): string[] {
  return mails.filter((m) => new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(m));
}

/** Quoted-printable as nodemailer writes it: =XX bytes decoded as UTF-8. */
const qp = (s: string) =>
  Buffer.from(
    s.replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** A .eml as readable text: folded headers joined, encoded-word headers (the subject) and the quoted-printable body decoded. */
export function decodeMail(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw
    .slice(0, split)
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?UTF-8\?Q\?/gi, '')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, w: string) => qp(w.replace(/_/g, ' ')));
  return headers + qp(raw.slice(split).replace(/=\r?\n/g, ''));
}

/** Like readOutbox, each mail decoded whole (decodeMail): subjects and bodies with non-ASCII text read as written. */
export async function readDecodedOutbox(dataDir: string): Promise<string[]> {
  return (await rawOutbox(dataDir)).map(decodeMail);
}
