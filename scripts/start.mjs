// npm start: build if the sources are newer than the build, migrate and seed, then serve the
// site (server/site-server.ts) on PORT/HOST, in this process or, with WEB_CONCURRENCY, in
// several worker processes sharing the port (node:cluster, server/cluster.ts).
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITE_SERVER_API } from '../server/site-api.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
process.env.NODE_ENV ??= 'production';
const outDir = path.resolve(root, process.env.ASTRO_OUT_DIR ?? 'dist');
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? 'localhost';
// /metrics alone on a port of its own: the server's in one process, the primary's (adding up
// the workers') with WEB_CONCURRENCY (server/cluster.ts).
const metricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : undefined;

if (cluster.isPrimary) {
  stopWithParent();
  // A stop asked for during start-up waits for the current step (a half-seeded database would
  // never be seeded again), then ends the process cleanly, giving the data directory back.
  let stopAsked;
  const stopLater = (signal) => {
    if (!stopAsked) console.log(`${signal}: stopping once the current start-up step is done…`);
    stopAsked = signal;
  };
  process.on('SIGTERM', stopLater);
  process.on('SIGINT', stopLater);
  const stopIfAsked = () => {
    if (stopAsked) process.exit(0);
  };
  // Before anything else, so a second start on the same data directory changes nothing.
  await lockDataDir();
  buildIfNeeded();
  stopIfAsked();
  // Migrate, seed an empty database, ensure ADMIN_EMAIL: done once, before anyone listens.
  const { boot } = await import('../api/boot.ts');
  const { closeDatabase } = await import('../api/db/client.ts');
  const result = await boot();
  await closeDatabase();
  stopIfAsked();
  const announce = (url) => {
    console.log(`\nClassifieds marketplace is running at ${url}`);
    if (result.adminEmail) console.log(`Admin login: ${result.adminEmail} / ${result.adminPassword}`);
    else if (!process.env.DATABASE_URL) console.log('Demo admin login (unless changed): admin@example.com / admin123');
    if (result.seeded) console.log('Loaded demo content into the new database.');
  };
  // The server's modules load once NODE_ENV is settled, as the API's do above.
  const { runWorkers, workerCount } = await import('../server/cluster.ts');
  const count = workerCount();
  if (count > 1) await runWorkers({ count, port, host, metricsPort, announce });
  else
    await (await import('../server/site-server.ts')).startSiteServer({
      outDir,
      port,
      host,
      onListening: announce,
      metricsPort,
    });
  process.off('SIGTERM', stopLater);
  process.off('SIGINT', stopLater);
  // Asked to stop while the server was loading: it has its own handlers now.
  if (stopAsked) process.kill(process.pid, stopAsked);
} else {
  const { startSiteServer } = await import('../server/site-server.ts');
  await startSiteServer({ outDir, port, host, onListening: () => process.send?.('listening') });
}

/**
 * The embedded database belongs to one process (api/lib/data-dir-lock.ts): this one, from
 * before the build to its exit, or the start ends here with the owner's pid and what to do.
 */
async function lockDataDir() {
  const { env } = await import('../api/env.ts');
  const e = env();
  if (e.DATABASE_URL) return;
  const { DataDirLockedError, ownDataDir } = await import('../api/lib/data-dir-lock.ts');
  try {
    ownDataDir(e.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

/**
 * Run by an npm script, the server stops when npm does. `exec` in the start script hands
 * npm's signals straight to this process; this catches the rest (npm killed outright, a shell
 * in between that does not pass signals on): once our parent is gone we are re-parented, and
 * stop as if sent SIGTERM.
 */
function stopWithParent() {
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    console.log(`The npm process (${parent}) that started the server is gone: stopping.`);
    process.kill(process.pid, 'SIGTERM');
  }, 1000);
  timer.unref();
}

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, name)));
  return max;
}

function buildIfNeeded() {
  const entry = path.join(outDir, 'server/entry.mjs');
  const sources = ['src', 'api', 'public', 'astro.config.mjs', 'package.json'].map((p) => path.join(root, p));
  // A build from before the server's API entry existed (server/site-api.ts) is rebuilt too.
  const complete = fs.existsSync(entry) && fs.existsSync(path.join(outDir, 'server', SITE_SERVER_API));
  const builtAt = complete ? fs.statSync(entry).mtimeMs : 0;
  if (builtAt && Math.max(...sources.map(newestMtime)) <= builtAt) return;
  console.log('Building the site (first start or sources changed)…');
  const r = spawnSync(path.join(root, 'node_modules/.bin/astro'), ['build'], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
