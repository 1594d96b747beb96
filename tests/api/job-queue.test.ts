import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connection, db } from '../../api/db/client.ts';
import { resetEnv } from '../../api/env.ts';
import { JOB_SCHEMA, jobCounts } from '../../api/jobs/queue.ts';
import { runQueuedJobs } from '../../api/jobs/workers.ts';
import { queueMail } from '../../api/mail/queue-mail.ts';
import { call, makeUser } from '../helpers/client.ts';
import { startSmtpServer } from '../helpers/smtp-server.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

let dataDir = '';
beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
});

/** Rows of a raw query on either driver. */
async function rows<T>(query: string): Promise<T[]> {
  const res = (await db().execute(sql.raw(query))) as unknown as T[] | { rows: T[] };
  return Array.isArray(res) ? res : res.rows;
}

/** Mail jobs waiting to run or to be retried (scheduled jobs of other queues come and go). */
async function waitingMails(): Promise<number> {
  const [row] = await rows<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = 'mail' AND state IN ('created', 'retry')`,
  );
  return Number(row?.n ?? 0);
}

/** Moves every mail job waiting for its retry to now: the backoff has passed. */
const backoffPassed = () =>
  db().execute(sql.raw(`UPDATE ${JOB_SCHEMA}.job SET start_after = now() WHERE name = 'mail' AND state = 'retry'`));

function useSmtp(url: string) {
  process.env.SMTP_URL = url;
  resetEnv();
}
afterAll(() => {
  delete process.env.SMTP_URL;
  resetEnv();
});

describe(`the job queue on ${driver}`, () => {
  it('keeps a mail the server refuses and delivers it once the server accepts', async () => {
    // Down for the first two attempts, then up.
    const smtp = await startSmtpServer({ refuse: (attempt) => attempt <= 2 });
    useSmtp(smtp.url);
    try {
      await queueMail({ to: 'buyer@example.com', subject: 'Retry me', text: 'Hello' });
      expect(await runQueuedJobs(['mail'])).toEqual({ ran: 1, failed: 1 });
      // Not lost: waiting for its retry, later than now (backoff).
      const [job] = await rows<{ state: string; later: boolean }>(
        `SELECT state::text, start_after > now() AS later FROM ${JOB_SCHEMA}.job WHERE name = 'mail'`,
      );
      expect(job).toMatchObject({ state: 'retry', later: true });
      // Nothing runs before the backoff has passed.
      expect(await runQueuedJobs(['mail'])).toEqual({ ran: 0, failed: 0 });
      await backoffPassed();
      expect(await runQueuedJobs(['mail'])).toEqual({ ran: 1, failed: 1 });
      await backoffPassed();
      expect(await runQueuedJobs(['mail'])).toEqual({ ran: 1, failed: 0 });
      expect(smtp.attempts()).toBe(3);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.to).toEqual(['buyer@example.com']);
      expect(smtp.received[0]?.raw).toContain('Subject: Retry me');
      expect(await waitingMails()).toBe(0);
    } finally {
      await smtp.close();
    }
  });

  it('marks a mail failed after its last retry and shows it on the admin dashboard', async () => {
    const smtp = await startSmtpServer({ refuse: () => true });
    useSmtp(smtp.url);
    try {
      const before = (await jobCounts()).failed;
      await connection().db.transaction(async (tx) => {
        await queueMail({ to: 'nobody@example.com', subject: 'Never', text: 'x' }, { tx });
      });
      await db().execute(
        sql.raw(`UPDATE ${JOB_SCHEMA}.job SET retry_limit = 1 WHERE name = 'mail' AND state = 'created'`),
      );
      await runQueuedJobs(['mail']);
      await backoffPassed();
      await runQueuedJobs(['mail']);
      expect((await jobCounts()).failed).toBe(before + 1);
      const admin = await makeUser({ role: 'admin' });
      const res = await call('GET', '/admin/job-stats', { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.data.jobs.failed).toBe(before + 1);
      const customer = await makeUser();
      expect((await call('GET', '/admin/job-stats', { token: customer.token })).status).toBe(403);
    } finally {
      await smtp.close();
    }
  });

  it('queues nothing when the transaction that queued the mail rolls back', async () => {
    const before = await waitingMails();
    await expect(
      connection().db.transaction(async (tx) => {
        await queueMail({ to: 'x@example.com', subject: 'Rolled back', text: 'x' }, { tx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await waitingMails()).toBe(before);
  });

  it('writes mail to the outbox when no mail server is set', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    delete process.env.SMTP_URL;
    resetEnv();
    await queueMail({ to: 'outbox@example.com', subject: 'To the outbox', text: 'x' });
    await runQueuedJobs(['mail']);
    const outbox = path.join(dataDir, 'outbox');
    const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
    expect(mails.some((m) => m.includes('To: outbox@example.com'))).toBe(true);
  });

  it.skipIf(driver !== 'postgres')('runs each job once with two worker processes', { timeout: 90_000 }, async () => {
    const smtp = await startSmtpServer();
    const workers: ChildProcess[] = [];
    try {
      const count = 60;
      const script = path.resolve('scripts/jobs.ts');
      for (let i = 0; i < 2; i++) {
        const child = fork(script, [], {
          execArgv: ['--experimental-strip-types', '--no-warnings'],
          env: {
            ...process.env,
            DATABASE_URL: connection().url,
            SMTP_URL: smtp.url,
            // Which process sent a mail shows in its envelope sender.
            MAIL_FROM: `worker${i}@example.com`,
            DATA_DIR: dataDir,
            JOB_POLL_SECONDS: '0.5',
          },
          stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
        });
        workers.push(child);
      }
      // Both are waiting for work before any arrives, so they compete for every job.
      await Promise.all(workers.map((w) => new Promise((r) => w.once('message', r))));
      for (let i = 0; i < count; i++) await queueMail({ to: `w${i}@example.com`, subject: `Job ${i}`, text: 'x' });
      await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThanOrEqual(count), { timeout: 60_000 });
      // Give a second delivery of any job the time to show up.
      await new Promise((r) => setTimeout(r, 1500));
      const subjects = smtp.received.map((m) => /Subject: (Job \d+)/.exec(m.raw)?.[1]);
      expect(subjects).toHaveLength(count);
      expect(new Set(subjects).size).toBe(count);
      expect(await waitingMails()).toBe(0);
      const senders = new Set(smtp.received.map((m) => m.from));
      expect(senders).toEqual(new Set(['worker0@example.com', 'worker1@example.com']));
      // Both stop cleanly on SIGTERM.
      const exits = workers.map((w) => new Promise<number | null>((r) => w.once('exit', (code) => r(code))));
      for (const w of workers) w.kill('SIGTERM');
      expect(await Promise.all(exits)).toEqual([0, 0]);
    } finally {
      for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
      await smtp.close();
    }
  });
});
