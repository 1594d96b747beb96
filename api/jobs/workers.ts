import { sql } from 'drizzle-orm';
import type { JobResult } from 'pg-boss';
import { db } from '../db/client.ts';
import { countJobRun } from '../lib/metrics.ts';
import { HANDLERS } from './handlers.ts';
import { JOB_SCHEMA, jobQueue } from './queue.ts';
import { QUEUES, type TQueueName } from './queues.ts';

const names = Object.keys(QUEUES) as TQueueName[];

/** Runs one job's handler; the outcome pg-boss records for it (a failure is retried). */
async function runJob(name: TQueueName, job: { id: string; data: unknown }): Promise<JobResult> {
  try {
    const output = await (HANDLERS[name] as (data: unknown, job: { id: string }) => Promise<unknown>)(job.data, job);
    countJobRun(name, 'completed');
    return { id: job.id, status: 'completed', output: output && typeof output === 'object' ? output : undefined };
  } catch (err) {
    console.error(`[jobs] ${name} ${job.id} failed:`, err instanceof Error ? err.message : err);
    countJobRun(name, 'failed');
    return { id: job.id, status: 'failed', output: { message: err instanceof Error ? err.message : String(err) } };
  }
}

/**
 * Runs this process's share of the jobs: every process that calls this takes jobs from the
 * same tables, and pg-boss hands each job to exactly one of them (SELECT … FOR UPDATE SKIP
 * LOCKED). A new job wakes a worker at once (LISTEN/NOTIFY); a backlog is fetched in batches
 * without pause; a delayed job or a retry that comes due is found by the backstop poll (5 s). Each job of a batch
 * is settled on its own, so one failing mail does not retry the others. Called by the site
 * server at start and by `npm run jobs`.
 */
export async function startJobWorkers(options: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  const boss = await jobQueue();
  const polling = options.pollingIntervalSeconds ?? 2;
  for (const name of names) {
    await boss.work(
      name,
      {
        batchSize: 5,
        perJobResults: true,
        burstWhenBatchFull: true,
        pollingIntervalSeconds: polling,
        notifyPollingIntervalSeconds: Math.max(polling, 5),
      },
      async (jobs) => {
        // Mails of a batch go out side by side: one after the other, the last of five slow sends
        // waited past its claim's expiry (and was sent again by another worker), and a stop
        // failed the batch's unsent mails while one was being sent. Side by side, a batch takes
        // one send's time, which the SMTP timeouts bound well under the expiry (send-mail.ts).
        if (name === 'mail') return Promise.all(jobs.map((job) => runJob(name, job)));
        const results: JobResult[] = [];
        for (const job of jobs) results.push(await runJob(name, job));
        return results;
      },
    );
  }
}

/**
 * Runs every job that is due now, in this process, until none is left (a job may queue
 * another: a password reset queues its mail). Jobs that fail are marked for retry as the
 * workers would. For tests and scripts that want the background work done before they look.
 * `early` also runs jobs queued to start later (a password reset waits a second), though not
 * retries still in their backoff. Returns how many jobs ran and how many of those failed.
 */
export async function runQueuedJobs(
  only: TQueueName[] = names,
  options: { early?: boolean } = {},
): Promise<{ ran: number; failed: number }> {
  const boss = await jobQueue();
  let ran = 0;
  let failed = 0;
  for (;;) {
    let found = 0;
    for (const name of only) {
      if (options.early) await startDelayedJobsNow(name);
      for (const job of await boss.fetch(name, { batchSize: 20 })) {
        found += 1;
        const result = await runJob(name, job);
        if (result.status === 'completed') await boss.complete(name, job.id, result.output ?? null);
        else {
          failed += 1;
          await boss.fail(name, job.id, result.output ?? null);
        }
      }
    }
    ran += found;
    if (!found) return { ran, failed };
  }
}

/** Brings the start of `name`'s jobs queued for later forward to now (never a retry's backoff). */
async function startDelayedJobsNow(name: TQueueName) {
  await db().execute(
    sql`UPDATE ${sql.raw(JOB_SCHEMA)}.job SET start_after = now() WHERE name = ${name} AND state = 'created' AND start_after > now()`,
  );
}
