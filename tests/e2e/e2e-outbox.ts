import fs from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';

/** The outbox of the server under test (playwright.config.ts: DATA_DIR=data/e2e-<port>). */
export function outboxDir(): string {
  const port = new URL(String(test.info().project.use.baseURL)).port;
  return path.resolve('data', `e2e-${port}`, 'outbox');
}

/** The mails to `email` in the server's outbox, oldest first, bodies decoded from quoted-printable. */
export function outboxMailsTo(email: string): string[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
    .map((raw) =>
      Buffer.from(
        raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16))),
        'latin1',
      ).toString('utf8'),
    )
    .filter((text) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(text));
}
