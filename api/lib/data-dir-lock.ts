import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process owns an embedded data directory. PGlite keeps no lock of its own, and two
 * processes writing one directory hand out the same ids and corrupt its indexes, so whoever
 * opens the embedded database first writes `$DATA_DIR/pglite.lock` and everyone else refuses
 * to start until it is gone.
 *
 * The lock names its owner by pid, process start time, boot id and host name. A lock whose
 * owner is dead (kill -9, a crash, a reboot), or whose pid now belongs to another process, is
 * stale and taken over; a lock held on another host cannot be checked from here, so it is
 * respected. The file is created complete with link(2), which fails if the name exists, so
 * nobody ever reads a half-written lock. The lock belongs to the process, not to one module
 * copy: scripts/start.mjs and the built server bundle each load this file, and both see the
 * same registry on globalThis. It is released when the process exits.
 */

export const LOCK_FILE_NAME = 'pglite.lock';

export type TLockOwner = {
  pid: number;
  hostname: string;
  /** Linux: the process start time in clock ticks since boot (tells a reused pid apart). */
  startTime: string | null;
  /** Linux: the kernel's boot id (a lock from before a reboot is stale whatever its pid). */
  bootId: string | null;
  token: string;
  since: string;
};

export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly owner: TLockOwner;
  constructor(dataDir: string, owner: TLockOwner, lockFile: string) {
    const elsewhere = owner.hostname !== os.hostname();
    const who = `process ${owner.pid}${elsewhere ? ` on host ${owner.hostname}` : ''} (since ${owner.since})`;
    const lines = [
      `The data directory ${dataDir} is in use by ${who}.`,
      'Only one process may open the embedded database: stop that process first, give this one its own DATA_DIR, or use PostgreSQL (DATABASE_URL) to run several.',
    ];
    if (elsewhere) lines.push(`If nothing runs on ${owner.hostname} any more, delete ${lockFile}.`);
    super(lines.join('\n'));
    this.name = 'DataDirLockedError';
    this.dataDir = dataDir;
    this.owner = owner;
  }
}

type TRegistry = { held: Map<string, { file: string; token: string }>; hooked: boolean };
const REGISTRY = Symbol.for('marketplace.dataDirLocks');

function registry(): TRegistry {
  const g = globalThis as Record<symbol, TRegistry | undefined>;
  g[REGISTRY] ??= { held: new Map(), hooked: false };
  return g[REGISTRY];
}

/** The lock file's text ('' if empty), or null if there is none. */
function readLockText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat; the command name before it may hold spaces and parentheses. */
export function processStartTime(pid: number | 'self'): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (!stat) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

function bootId(): string | null {
  return readOrNull('/proc/sys/kernel/random/boot_id');
}

function me(): TLockOwner {
  return {
    pid: process.pid,
    hostname: os.hostname(),
    startTime: processStartTime('self'),
    bootId: bootId(),
    token: crypto.randomUUID(),
    since: new Date().toISOString(),
  };
}

function parseOwner(text: string | null): TLockOwner | null {
  if (!text) return null;
  try {
    const o = JSON.parse(text) as Partial<TLockOwner>;
    if (!Number.isInteger(o.pid) || typeof o.hostname !== 'string' || typeof o.token !== 'string') return null;
    return {
      pid: o.pid as number,
      hostname: o.hostname,
      startTime: typeof o.startTime === 'string' ? o.startTime : null,
      bootId: typeof o.bootId === 'string' ? o.bootId : null,
      token: o.token,
      since: typeof o.since === 'string' ? o.since : 'an unknown time',
    };
  } catch {
    return null;
  }
}

/** Whether the process named in a lock may still be running (when in doubt: yes). */
export function ownerAlive(owner: TLockOwner): boolean {
  if (owner.hostname !== os.hostname()) return true;
  const currentBoot = bootId();
  if (owner.bootId && currentBoot && owner.bootId !== currentBoot) return false;
  // This very process cannot hold it without the registry knowing: an earlier life of our pid.
  if (owner.pid === process.pid) return [...registry().held.values()].some((h) => h.token === owner.token);
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    // EPERM: alive, but another user's.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStartTime(owner.pid);
  return !(owner.startTime && started && owner.startTime !== started);
}

function releaseAll() {
  for (const { file, token } of registry().held.values()) {
    if (parseOwner(readOrNull(file))?.token === token) fs.rmSync(file, { force: true });
  }
  registry().held.clear();
}

export type TAcquired = {
  lockFile: string;
  /** Whether a stale lock was taken over, and whose it was (null: the file was unreadable). */
  tookOver: boolean;
  tookOverFrom?: TLockOwner | null;
};

/**
 * Makes this process the owner of `dataDir` (creating it if needed), or throws
 * DataDirLockedError naming the process that owns it. Calling it again in the same process
 * is a no-op.
 */
export function acquireDataDirLock(dataDir: string): TAcquired {
  fs.mkdirSync(dataDir, { recursive: true });
  const dir = fs.realpathSync(dataDir);
  const reg = registry();
  const already = reg.held.get(dir);
  if (already) return { lockFile: already.file, tookOver: false };

  const file = path.join(dir, LOCK_FILE_NAME);
  const mine = me();
  const tmp = `${file}.${mine.token}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(mine)}\n`, { mode: 0o644 });
  let tookOver = false;
  let tookOverFrom: TLockOwner | null = null;
  try {
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        fs.linkSync(tmp, file);
        reg.held.set(dir, { file, token: mine.token });
        if (!reg.hooked) {
          reg.hooked = true;
          process.on('exit', releaseAll);
        }
        return { lockFile: file, tookOver, tookOverFrom };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const text = readLockText(file);
      if (text === null) continue; // released between our link and our read
      const owner = parseOwner(text);
      if (owner && ownerAlive(owner)) throw new DataDirLockedError(dir, owner, file);
      // Stale (or unreadable): move it aside, and only delete it if what we moved is what we
      // judged; a fresh lock someone made in between is put back, and we look again.
      const aside = `${file}.${mine.token}.stale`;
      try {
        fs.renameSync(file, aside);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      if (readLockText(aside) === text) {
        tookOver = true;
        tookOverFrom = owner;
        fs.rmSync(aside, { force: true });
      } else {
        try {
          fs.linkSync(aside, file);
        } catch {
          // Someone else holds it now; the next round reads theirs.
        }
        fs.rmSync(aside, { force: true });
      }
    }
    throw new Error(`Could not lock the data directory ${dir}: its lock file keeps changing.`);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** Gives up this process's lock on `dataDir` (tests; a process's locks also go when it exits). */
export function releaseDataDirLock(dataDir: string) {
  const dir = fs.realpathSync(dataDir);
  const held = registry().held.get(dir);
  if (!held) return;
  if (parseOwner(readOrNull(held.file))?.token === held.token) fs.rmSync(held.file, { force: true });
  registry().held.delete(dir);
}

/** acquireDataDirLock, saying so when a stale lock is taken over (the operator may wonder why). */
export function ownDataDir(dataDir: string): TAcquired {
  const acquired = acquireDataDirLock(dataDir);
  const old = acquired.tookOverFrom;
  if (old) {
    console.warn(
      `Took over the lock on ${path.dirname(acquired.lockFile)} left by process ${old.pid} (since ${old.since}), which is no longer running.`,
    );
  } else if (acquired.tookOver) {
    console.warn(`Took over an unreadable lock file ${acquired.lockFile}.`);
  }
  return acquired;
}
