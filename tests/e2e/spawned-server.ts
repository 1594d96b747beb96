import { type ChildProcess, spawn } from 'node:child_process';

/** A server started apart from the suite's own (scripts/start.mjs on `port` with `env`). */
export type TSpawnedServer = {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
};

export function spawnServer(port: number, env: Record<string, string>): TSpawnedServer {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: 'localhost', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
