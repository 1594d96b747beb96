// Shared by the measuring scripts (bench.ts, lighthouse.ts): a free port, the real server
// started as production runs it, and a wait until a URL answers.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import postgres from 'postgres';

/** A port nobody listens on (asked from the OS), so we never measure someone else's server. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts `scripts/start.mjs` (which builds when the sources are newer than the build,
 * migrates and seeds) on 127.0.0.1:`port` in production mode; its stderr is passed on.
 */
export function startSite(port: number, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      SITE_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.resume();
  child.stderr?.on('data', (d) => process.stderr.write(`[server] ${d}`));
  return child;
}

/** Resolves once `url` answers 2xx; fails when one of `processes` exits first or time runs out. */
export async function waitForOk(url: string, processes: ChildProcess[], timeoutMs = 600_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const dead = processes.find((p) => p.exitCode !== null);
    if (dead) throw new Error(`a process exited (code ${dead.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** The `p`th percentile of ascending `sorted` latencies (0 when there are none). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/**
 * Drops and creates database `name` on the server of `baseUrl` (through its maintenance
 * database); returns the new database's URL and the server's version line.
 */
export async function freshDatabase(baseUrl: string, name: string): Promise<{ url: string; version: string }> {
  const maintenance = new URL(baseUrl);
  maintenance.pathname = '/postgres';
  const sql = postgres(maintenance.toString(), { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await sql.unsafe(`CREATE DATABASE ${name}`);
    const line = String((await sql`select version() as v`)[0]?.v ?? 'PostgreSQL');
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return { url: url.toString(), version: line.split(' on ')[0] ?? line };
  } finally {
    await sql.end();
  }
}
