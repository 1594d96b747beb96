// npm run jobs: a process that only runs background jobs (mail, scheduled sweeps…), beside or
// instead of the web servers' own workers, on the same PostgreSQL. Every process takes jobs from
// the same tables and pg-boss gives each job to exactly one of them.
import { closeDatabase } from '../api/db/client.ts';
import { env } from '../api/env.ts';
import { startJobWorkers } from '../api/jobs/workers.ts';

if (!env().DATABASE_URL) {
  console.error(
    'npm run jobs needs DATABASE_URL: the embedded database belongs to the one process that serves the site, which runs the jobs itself.',
  );
  process.exit(1);
}

const polling = Number(process.env.JOB_POLL_SECONDS ?? 2);
await startJobWorkers({ pollingIntervalSeconds: Number.isFinite(polling) && polling >= 0.5 ? polling : 2 });
console.log(`[jobs] worker ${process.pid} running`);
process.send?.('ready');

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`[jobs] ${signal}: finishing the jobs in progress…`);
  await closeDatabase();
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
