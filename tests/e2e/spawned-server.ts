import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';

/** A server started apart from the suite's own (scripts/start.mjs on `port` with `env`). */
export type TSpawnedServer = {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
};

function track(child: ChildProcess): TSpawnedServer {
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => output, exited };
}

export function spawnServer(port: number, env: Record<string, string>): TSpawnedServer {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: 'localhost', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return track(child);
}

/** `npm start` as an operator runs it (npm, then the server it starts). */
export function spawnNpmStart(port: number, env: Record<string, string>): TSpawnedServer {
  const child = spawn('npm', ['start'], {
    env: { ...process.env, PORT: String(port), HOST: 'localhost', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return track(child);
}

/** The status of a GET on a new connection, or 0 if none came within `timeoutMs`. */
export function statusOf(url: string, timeoutMs = 3000): Promise<number> {
  return new Promise<number>((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.setTimeout(timeoutMs, () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/** Whether a process with this pid exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
