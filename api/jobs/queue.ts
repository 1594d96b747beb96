import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss, type SendOptions } from 'pg-boss';
import { type Connection, connection, type Db, type Tx } from '../db/client.ts';
import { SMTP_TIMEOUTS } from '../mail/send-mail.ts';
import { QUEUES, SCHEDULES, type TQueueName } from './queues.ts';

/** pg-boss keeps its tables in this schema, beside the site's own. */
export const JOB_SCHEMA = 'pgboss';

type TQueueState = { conn: Connection; boss: PgBoss; ready: Promise<PgBoss>; started: boolean };
let state: TQueueState | undefined;

/**
 * The job queue on the process's database, started on first use: over PGlite through its own
 * client (pg-boss's PGlite backend), over PostgreSQL with a small pool of its own. Starting
 * installs or upgrades pg-boss's schema, creates every queue of api/jobs/queues.ts and its
 * schedules. It does not run jobs: startJobWorkers() (api/jobs/workers.ts) does, in the server
 * and the worker script. The queue stops before its database closes.
 */
export function jobQueue(): Promise<PgBoss> {
  const conn = connection();
  if (state?.conn === conn) return state.ready;
  const boss = createBoss(conn);
  const ready = startBoss(boss).then(
    (started) => {
      if (state?.boss === boss) state.started = true;
      return started;
    },
    (err) => {
      if (state?.boss === boss) state = undefined;
      throw err;
    },
  );
  state = { conn, boss, ready, started: false };
  conn.beforeClose(() => stopJobQueue(boss));
  return ready;
}

/** The queue of the process's database if it has started (never starts it: /metrics reads it). */
export function startedJobQueue(): PgBoss | undefined {
  return state?.started ? state.boss : undefined;
}

function createBoss(conn: Connection): PgBoss {
  const common = {
    schema: JOB_SCHEMA,
    // Jobs wake workers at once through LISTEN/NOTIFY; polling stays as the floor.
    useListenNotify: true,
    registerInstance: false,
    openTelemetry: { enabled: false },
  };
  const boss = conn.pglite
    ? new PgBoss({ ...common, db: fromPglite(conn.pglite), backend: 'pglite' })
    : new PgBoss({ ...common, connectionString: conn.url, max: 3, application_name: 'marketplace-jobs' });
  boss.on('error', (err) => console.error('[jobs]', err));
  return boss;
}

async function startBoss(boss: PgBoss): Promise<PgBoss> {
  await boss.start();
  for (const [name, options] of Object.entries(QUEUES)) {
    // createQueue also puts the queue in pg-boss's cache, so a send inside a transaction needs
    // nothing but that transaction (on PGlite, a statement outside it would wait for it forever).
    await boss.createQueue(name, { ...options, notify: true } as never);
  }
  for (const s of SCHEDULES) await boss.schedule(s.name, s.cron, null, { tz: 'UTC' });
  return boss;
}

/** How long a stop waits for jobs in progress: one mail's longest send, and a little more. */
const STOP_WAIT_MS =
  SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout + 5_000;

async function stopJobQueue(boss: PgBoss) {
  if (state?.boss === boss) state = undefined;
  // The queue stops fetching at once; jobs in progress may finish. A mail being sent is let
  // finish (its SMTP timeouts bound it): stopped halfway, a server that took the message would
  // get it again from the retry. So the wait covers one send; a job still running after that
  // is failed and retried by whichever process is up.
  await boss.stop({ graceful: true, timeout: STOP_WAIT_MS, close: true }).catch((err) => {
    console.error('[jobs] stopping the queue failed', err);
  });
}

export type TEnqueueOptions = Pick<SendOptions, 'singletonKey' | 'startAfter' | 'retryLimit'> & {
  /** Queue inside this transaction: the job exists if and only if the transaction commits. */
  tx?: Tx | Db;
};

/**
 * Puts a job on a queue. With `tx`, the job is written by that transaction, so work and its
 * follow-up (a message and its mail) commit or vanish together.
 */
export async function enqueue(name: TQueueName, data: object, options: TEnqueueOptions = {}): Promise<string | null> {
  const { tx, ...send } = options;
  // Starting the queue runs statements of its own, which on PGlite's single connection would
  // wait for the open transaction for ever: there it must have started before (the server
  // starts it at boot, tests in setupTestDb).
  if (tx && connection().pglite && !(state?.conn === connection() && state.started)) {
    throw new Error('The job queue must be started (jobQueue()) before a job is queued inside a transaction.');
  }
  const boss = await jobQueue();
  return boss.send(name, data, { ...send, ...(tx ? { db: fromDrizzle(tx as never, sql as never) } : {}) });
}

/**
 * Puts many jobs on one queue in one statement (pg-boss insert), inside `tx` like enqueue: a
 * job that mails thousands of alerts queues them together instead of one round-trip each.
 */
export async function enqueueMany(name: TQueueName, data: object[], options: { tx?: Tx | Db } = {}): Promise<void> {
  if (!data.length) return;
  const { tx } = options;
  if (tx && connection().pglite && !(state?.conn === connection() && state.started)) {
    throw new Error('The job queue must be started (jobQueue()) before a job is queued inside a transaction.');
  }
  const boss = await jobQueue();
  await boss.insert(
    name,
    data.map((d) => ({ data: d })),
    tx ? { db: fromDrizzle(tx as never, sql as never) } : {},
  );
}

export type TJobCounts = { queued: number; active: number; failed: number; completed: number };

/** How many jobs wait, run, failed for good and finished recently, over every queue. */
export async function jobCounts(): Promise<TJobCounts> {
  await jobQueue();
  const rows = (await connection().db.execute(
    sql.raw(`SELECT state::text AS state, count(*)::int AS n FROM ${JOB_SCHEMA}.job GROUP BY state`),
  )) as unknown as { state: string; n: number }[] | { rows: { state: string; n: number }[] };
  const list = Array.isArray(rows) ? rows : rows.rows;
  const n = (...states: string[]) => list.filter((r) => states.includes(r.state)).reduce((a, r) => a + Number(r.n), 0);
  return { queued: n('created', 'retry'), active: n('active'), failed: n('failed'), completed: n('completed') };
}
