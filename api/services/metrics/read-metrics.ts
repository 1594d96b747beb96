import { openConnection, type TPoolStats } from '../../db/client.ts';
import { AppError, errorBody } from '../../errors.ts';
import { startedJobQueue } from '../../jobs/queue.ts';
import { gaugeOnScrape, metricsRegistry } from '../../lib/metrics.ts';
import { METRICS_TOKEN_NEEDED, metricsAccess, type TMetricsWhere } from '../../lib/metrics-access.ts';
import { openStreamCount } from '../messages/live-streams.ts';

/** How long a scrape waits for the job queue's counts before leaving them out. */
const QUEUE_READ_MS = 1000;

/**
 * The gauges read when /metrics is asked: the database pools, the job queue, the live streams.
 * Registered when this module loads (the app imports it through its route), so a cluster
 * worker answers the primary's aggregation with them too.
 */
function registerCollectors() {
  gaugeOnScrape(
    {
      name: 'db_pool_connections',
      help: 'Database connections by pool and state (idle, busy, connecting).',
      labelNames: ['pool', 'state'],
    },
    (g) => {
      for (const p of watched()) {
        g.set({ pool: p.pool, state: 'idle' }, p.idle);
        g.set({ pool: p.pool, state: 'busy' }, p.busy);
        g.set({ pool: p.pool, state: 'connecting' }, p.connecting);
      }
    },
  );
  gaugeOnScrape(
    {
      name: 'db_pool_max_connections',
      help: 'Most connections each pool opens (the embedded database: one).',
      labelNames: ['pool'],
    },
    (g) => {
      for (const p of pools()) g.set({ pool: p.pool }, p.max);
    },
  );
  gaugeOnScrape(
    { name: 'db_pool_waiting_queries', help: 'Queries waiting for a free connection, by pool.', labelNames: ['pool'] },
    (g) => {
      for (const p of watched()) g.set({ pool: p.pool }, p.waiting);
    },
  );
  gaugeOnScrape(
    {
      name: 'jobs_queue_jobs',
      help: 'Jobs per pg-boss queue and state (queued = ready + deferred + blocked; failed: kept for their retention), as of pg-boss’s last monitor pass.',
      labelNames: ['queue', 'state'],
    },
    async (g) => {
      for (const q of await queueCounts()) {
        g.set({ queue: q.name, state: 'queued' }, q.queuedCount);
        g.set({ queue: q.name, state: 'ready' }, q.readyCount);
        g.set({ queue: q.name, state: 'deferred' }, q.deferredCount);
        g.set({ queue: q.name, state: 'active' }, q.activeCount);
        g.set({ queue: q.name, state: 'failed' }, q.failedCount);
      }
    },
  );
  gaugeOnScrape(
    { name: 'live_streams_open', help: 'Open live-event streams (GET /api/conversations/events) in this process.' },
    (g) => g.set(openStreamCount()),
  );
}
registerCollectors();

/** Every pool of the process's database: postgres.js pools, pg-boss's pool, or PGlite's one connection. */
function pools(): TPoolStats[] {
  const conn = openConnection();
  if (!conn) return [];
  if (conn.kind === 'pglite') return [EMBEDDED];
  const list = conn.poolStats?.() ?? [];
  const jobs = (startedJobQueue()?.getDb() as { poolCounts?: () => TPgPoolCounts | null } | undefined)?.poolCounts?.();
  if (jobs) {
    const busy = jobs.total - jobs.idle;
    list.push({ pool: 'jobs', max: jobs.max, idle: jobs.idle, busy, connecting: 0, waiting: jobs.waiting });
  }
  return list;
}

type TPgPoolCounts = { max: number; total: number; idle: number; waiting: number };

/** PGlite has no pool to watch (one connection in this process): only its size is reported. */
const EMBEDDED: TPoolStats = { pool: 'pglite', max: 1, idle: 0, busy: 0, connecting: 0, waiting: 0 };
/** The pools whose use is known. */
const watched = () => pools().filter((p) => p !== EMBEDDED);

/** pg-boss's per-queue counts, or none when the queue has not started or does not answer in time. */
async function queueCounts() {
  const boss = startedJobQueue();
  if (!boss) return [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<[]>((resolve) => {
    timer = setTimeout(() => resolve([]), QUEUE_READ_MS);
  });
  try {
    return await Promise.race([boss.getQueues(), late]);
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The metrics in Prometheus's text format, for a caller on the site's port or METRICS_PORT with
 * this Authorization header (api/lib/metrics-access.ts): 404 when the site's port does not
 * serve them, 401 without the right token.
 */
export async function readMetrics(options: {
  authorization: string | null | undefined;
  where: TMetricsWhere;
}): Promise<{ contentType: string; text: string }> {
  const access = metricsAccess(options.authorization, options.where);
  if (access === 'hidden') throw new AppError('NOT_FOUND', 'Not found.');
  if (access === 'refused') {
    throw new AppError('UNAUTHORIZED', METRICS_TOKEN_NEEDED, { headers: { 'WWW-Authenticate': 'Bearer' } });
  }
  const registry = metricsRegistry();
  return { contentType: registry.contentType, text: await registry.metrics() };
}

/**
 * readMetrics as a whole answer, for the callers outside the API (the site root's /metrics,
 * the METRICS_PORT listener): the text, or the API's error body with its status and headers.
 */
export async function metricsAnswer(
  authorization: string | null | undefined,
  where: TMetricsWhere,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const noStore = { 'Cache-Control': 'no-store' };
  try {
    const { contentType, text } = await readMetrics({ authorization, where });
    return { status: 200, headers: { ...noStore, 'Content-Type': contentType }, body: text };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const headers = { ...noStore, ...err.headers, 'Content-Type': 'application/json; charset=utf-8' };
    return { status: err.status, headers, body: JSON.stringify(errorBody(err.message)) };
  }
}
