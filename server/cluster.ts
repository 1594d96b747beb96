// WEB_CONCURRENCY (scripts/start.mjs): the primary process forks the site server's workers
// (server/site-server.ts in each; the OS spreads connections over them), replaces one that
// dies, and stops them gracefully; /metrics on METRICS_PORT is the primary's, adding up the
// workers' (server/cluster-metrics.ts).
import cluster from 'node:cluster';
import os from 'node:os';

/** Workers allowed at most, whatever WEB_CONCURRENCY asks. */
const MAX_WORKERS = 64;
/** A worker cuts what is left after its 10 s grace and closes its pool within 5 s more. */
const WORKERS_STOP_MS = 17_000;

/**
 * How many server processes: WEB_CONCURRENCY (a number, or `auto` = one per CPU), default 1.
 * The embedded database belongs to one process, so without DATABASE_URL it is always 1.
 */
export function workerCount(): number {
  const raw = (process.env.WEB_CONCURRENCY ?? '').trim();
  if (!raw) return 1;
  const n = raw === 'auto' ? os.availableParallelism() : Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`WEB_CONCURRENCY must be a whole number of processes or "auto" (got "${raw}"); using 1.`);
    return 1;
  }
  if (n > 1 && !process.env.DATABASE_URL) {
    console.warn('WEB_CONCURRENCY needs DATABASE_URL (the embedded database allows one process); using 1.');
    return 1;
  }
  return Math.min(n, MAX_WORKERS);
}

/**
 * The primary process of WEB_CONCURRENCY: forks `count` workers (the OS spreads connections
 * over them), replaces one that dies, and on SIGTERM/SIGINT lets each finish its in-flight
 * requests. `announce(url)` runs once, when the first worker listens.
 */
export async function runWorkers({
  count,
  port,
  host,
  metricsPort,
  announce,
}: {
  count: number;
  port: number;
  host: string;
  metricsPort?: number;
  announce: (url: string) => void;
}) {
  // Loaded only here, as before: a primary without METRICS_PORT never needs prom-client.
  const metricsServer = metricsPort
    ? (await import('./cluster-metrics.ts')).startClusterMetrics({ port: metricsPort, host })
    : undefined;
  let stopping = false;
  let announced = false;
  const deaths: number[] = [];
  const fork = () => {
    const worker = cluster.fork();
    worker.on('message', (msg) => {
      if (msg === 'listening' && !announced) {
        announced = true;
        announce(`http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`);
        console.log(`Serving with ${count} worker processes (WEB_CONCURRENCY).`);
      }
    });
  };
  for (let i = 0; i < count; i++) fork();

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A worker that crashes is replaced; one that keeps crashing stops the server.
    const now = Date.now();
    deaths.push(now);
    while (deaths.length && now - deaths[0] > 60_000) deaths.shift();
    console.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another.`);
    if (deaths.length > count * 5) {
      console.error('Workers keep exiting; giving up.');
      process.exit(1);
    }
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing in-flight requests…`);
    metricsServer?.close();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), WORKERS_STOP_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
