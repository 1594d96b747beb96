import fs from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';

/** The outbox of the server under test (playwright.config.ts: DATA_DIR=data/e2e-<port>). */
export function outboxDir(): string {
  const port = new URL(String(test.info().project.use.baseURL)).port;
  return path.resolve('data', `e2e-${port}`, 'outbox');
}

/**
 * The mails to `email` in the server's outbox, oldest first, their bodies decoded from
 * quoted-printable. The headers stay as written: decoding them too turned a link's `token=63…`
 * (a token starting with two digits) into `tokenc…`, and the test then posted a token nobody had.
 */
export function outboxMailsTo(email: string): string[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
    .map((raw) => {
      const end = raw.search(/\r?\n\r?\n/);
      const [head, body] = end < 0 ? [raw, ''] : [raw.slice(0, end), raw.slice(end)];
      return head + decodeQuotedPrintable(body);
    })
    .filter((text) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(text));
}

/** Quoted-printable (soft line breaks and =XX bytes) to the UTF-8 text it encodes. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
