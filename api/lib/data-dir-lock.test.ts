import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  DataDirLockedError,
  LOCK_FILE_NAME,
  processStartTime,
  releaseDataDirLock,
} from './data-dir-lock.ts';

const moduleUrl = new URL('./data-dir-lock.ts', import.meta.url).href;
const dirs: string[] = [];
const children: ChildProcess[] = [];

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));
  dirs.push(dir);
  return dir;
}

/**
 * Another process that tries to take the lock (at `startAt`, so that several try at once),
 * prints `ok` or `locked <pid>`, then holds on for `holdMs` and exits normally.
 */
function contender(dir: string, holdMs: number, startAt = 0) {
  const code = `
    import { acquireDataDirLock, DataDirLockedError } from ${JSON.stringify(moduleUrl)};
    while (Date.now() < ${startAt}) {}
    try {
      acquireDataDirLock(${JSON.stringify(dir)});
      console.log('ok');
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      console.log('locked ' + err.owner.pid);
    }
    setTimeout(() => {}, ${holdMs});
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const answer = new Promise<string>((resolve) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(out.trim());
    });
    child.once('exit', () => resolve(out.trim()));
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return { child, answer, exited };
}

function writeLock(dir: string, owner: Record<string, unknown>) {
  fs.writeFileSync(
    path.join(dir, LOCK_FILE_NAME),
    JSON.stringify({ hostname: os.hostname(), token: 'theirs', since: '2026-01-01T00:00:00.000Z', ...owner }),
  );
}

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) {
    releaseDataDirLock(d);
    fs.rmSync(d, { recursive: true, force: true });
  }
});

describe('one owner per data directory', () => {
  it('takes the lock once per process and gives it back', () => {
    const dir = tempDir();
    const first = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(first.lockFile, 'utf8')).pid).toBe(process.pid);
    // A second open in the same process (the server bundle after start.mjs's boot) is fine.
    expect(acquireDataDirLock(dir)).toEqual({ lockFile: first.lockFile, tookOver: false });
    releaseDataDirLock(dir);
    expect(fs.existsSync(first.lockFile)).toBe(false);
  });

  it('refuses while another live process holds it, naming the directory and the pid', async () => {
    const dir = tempDir();
    const holder = contender(dir, 30_000);
    expect(await holder.answer).toBe('ok');
    let error: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    const message = (error as Error).message;
    expect(message).toContain(fs.realpathSync(dir));
    expect(message).toContain(`process ${holder.child.pid}`);
    expect(message).toContain('DATA_DIR');

    // Killed outright, it leaves its lock behind: stale, and taken over.
    holder.child.kill('SIGKILL');
    await holder.exited;
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(true);
    const taken = acquireDataDirLock(dir);
    expect(taken.tookOver).toBe(true);
    expect(taken.tookOverFrom?.pid).toBe(holder.child.pid);
  });

  it('is released when the owner exits normally', async () => {
    const dir = tempDir();
    const holder = contender(dir, 0);
    expect(await holder.answer).toBe('ok');
    await holder.exited;
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it.runIf(processStartTime('self') !== null)('takes over a lock whose pid now belongs to another process', () => {
    const dir = tempDir();
    // Our parent is alive, but it is not the process that wrote this lock (other start time).
    writeLock(dir, { pid: process.ppid, startTime: '1' });
    const taken = acquireDataDirLock(dir);
    expect(taken.tookOverFrom?.pid).toBe(process.ppid);
    expect(JSON.parse(fs.readFileSync(taken.lockFile, 'utf8')).pid).toBe(process.pid);
  });

  it('respects a live pid whose start time matches', () => {
    const dir = tempDir();
    writeLock(dir, { pid: process.ppid, startTime: processStartTime(process.ppid) });
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it('respects a lock held on another host, and says how to clear it', () => {
    const dir = tempDir();
    writeLock(dir, { pid: 1, hostname: 'another-host.example' });
    expect(() => acquireDataDirLock(dir)).toThrow(/on host another-host\.example[\s\S]*delete .*pglite\.lock/);
  });

  it('takes over an empty or unreadable lock file', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), '');
    expect(acquireDataDirLock(dir)).toMatchObject({ tookOver: true, tookOverFrom: null });
  });

  it('lets exactly one of several processes racing for a stale lock take it', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => dead.once('exit', r));
    writeLock(dir, { pid: dead.pid, startTime: null });
    const startAt = Date.now() + 1_500;
    const racers = Array.from({ length: 6 }, () => contender(dir, 3_000, startAt));
    const answers = await Promise.all(racers.map((r) => r.answer));
    expect(answers.filter((a) => a === 'ok')).toHaveLength(1);
    const winner = racers[answers.indexOf('ok')]?.child.pid;
    for (const a of answers.filter((x) => x !== 'ok')) expect(a).toBe(`locked ${winner}`);
  });
});
