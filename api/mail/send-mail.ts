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
 * Delivers one mail now. With SMTP_URL: sent by SMTP. Without: written as an .eml file to
 * $DATA_DIR/outbox/ (nodemailer's stream transport builds the RFC 822 message) and its path
 * logged. Only the mail job calls this (api/jobs/handlers.ts); everything else queues mail with
 * queueMail() so that a mail server that is down loses nothing.
 */
export async function sendMail(mail: TMail): Promise<{ file?: string }> {
  const e = env();
  if (e.SMTP_URL) {
    if (transport?.url !== e.SMTP_URL) transport = { url: e.SMTP_URL, smtp: nodemailer.createTransport(e.SMTP_URL) };
    await transport.smtp.sendMail({ from: e.MAIL_FROM, ...mail });
    return {};
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await stream.sendMail({ from: e.MAIL_FROM, ...mail });
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
