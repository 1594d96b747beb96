import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '../env.ts';

export type TMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
};

let transport: { url: string; smtp: Transporter } | undefined;

/**
 * Connection, greeting and socket timeouts well under the mail job's expiry (120 s,
 * api/jobs/queues.ts): a server that hangs fails the attempt, which is retried, instead of
 * outliving the job's claim while another worker sends the same mail again.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 45_000 };

/** The domain of the sender address, for Message-IDs (`Classifieds <no-reply@localhost>` → localhost). */
function messageIdDomain(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
}

/**
 * Delivers one mail now. With SMTP_URL: sent by SMTP. Without: written as an .eml file to
 * $DATA_DIR/outbox/ (nodemailer's stream transport builds the RFC 822 message) and its path
 * logged. Only the mail job calls this (api/jobs/handlers.ts); everything else queues mail with
 * queueMail() so that a mail server that is down loses nothing.
 */
export async function sendMail(mail: TMail, options: { jobId?: string } = {}): Promise<{ file?: string }> {
  const e = env();
  // The mail job's id makes the Message-ID: a mail sent twice (a send whose acceptance was
  // lost, retried) carries the same one, so the receiving server can drop the copy.
  const messageId = options.jobId ? `<job-${options.jobId}@${messageIdDomain(e.MAIL_FROM)}>` : undefined;
  const message = { from: e.MAIL_FROM, ...mail, ...(messageId ? { messageId } : {}) };
  if (e.SMTP_URL) {
    if (transport?.url !== e.SMTP_URL)
      transport = { url: e.SMTP_URL, smtp: nodemailer.createTransport({ url: e.SMTP_URL, ...SMTP_TIMEOUTS }) };
    await transport.smtp.sendMail(message);
    return {};
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await stream.sendMail(message);
  const dir = path.join(e.dataDir, 'outbox');
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}.eml`);
  // Written beside the outbox, then renamed in: a reader never sees a half-written mail.
  const tmpDir = path.join(e.dataDir, '.outbox-tmp');
  await fs.mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, path.basename(file));
  await fs.writeFile(tmp, info.message as Buffer);
  await fs.rename(tmp, file);
  console.info(`[mail] ${mail.subject} → ${mail.to}: written to ${file}`);
  return { file };
}
