// A PostgreSQL primary and a streaming replica of it, made with PostgreSQL's own tools in a
// temporary directory, each on a spare port: for the read-replica tests
// (tests/faults/read-replica.test.ts) and for trying DATABASE_REPLICA_URLS by hand.
//
//   node --experimental-strip-types scripts/pg-replica.ts     prints both URLs, stops on Ctrl-C
//
// The primary is a cluster of its own (initdb) rather than the machine's server, whose access
// rules need not allow replication connections. The replica is `pg_basebackup -R` of it: it
// follows the primary's WAL as a hot standby. As root, the servers run as the `postgres` user
// (PostgreSQL refuses to run as root).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './lib/measured-server.ts';

/** The newest installed PostgreSQL's programs (Debian: /usr/lib/postgresql/<major>/bin). */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const majors = fs
    .readdirSync(root)
    .filter((d) => fs.existsSync(path.join(root, d, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? path.join(root, majors[0], 'bin') : undefined;
}

export type TReplicaPair = {
  primaryUrl: string;
  replicaUrl: string;
  /** Runs SQL on the replica (psql). */
  onReplica: (statement: string) => string;
  /** Stops the replica at once, as a crash would. */
  stopReplica: () => void;
  /** Stops both and removes the directory. */
  stop: () => void;
};

/** Starts a primary and a streaming replica of it; `stop()` ends both. */
export async function startReplicaPair(): Promise<TReplicaPair> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL server programs not found (apt-get install postgresql)');
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]) => {
    const cmd = asRoot ? 'runuser' : path.join(bin, program);
    const full = asRoot ? ['-u', 'postgres', '--', path.join(bin, program), ...args] : args;
    const res = spawnSync(cmd, full, { encoding: 'utf8', cwd: os.tmpdir() });
    if (res.status !== 0) throw new Error(`${program} failed: ${res.stderr || res.stdout}`);
    return res.stdout;
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-replica-'));
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primary = path.join(dir, 'primary');
  const replica = path.join(dir, 'replica');
  // initdb's access rules with -A trust allow replication from 127.0.0.1.
  run('initdb', ['-D', primary, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const settings = (port: number) =>
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'wal_level = replica',
      'max_wal_senders = 5',
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'shared_buffers = 64MB',
      'max_connections = 60',
    ].join('\n');
  fs.appendFileSync(path.join(primary, 'postgresql.conf'), `\n${settings(primaryPort)}\n`);
  const ctl = (data: string, ...args: string[]) =>
    run('pg_ctl', ['-D', data, '-l', path.join(dir, `${path.basename(data)}.log`), '-w', '-t', '60', ...args]);
  ctl(primary, 'start');
  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    replica,
    '-R',
    '-X',
    'stream',
  ]);
  // The copy keeps the primary's settings; its own port and socket directory come last.
  fs.appendFileSync(path.join(replica, 'postgresql.conf'), `\nport = ${replicaPort}\n`);
  ctl(replica, 'start');
  let replicaUp = true;
  const psql = path.join(bin, 'psql');
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    onReplica: (statement) =>
      execFileSync(psql, ['-h', '127.0.0.1', '-p', String(replicaPort), '-U', 'postgres', '-Atc', statement], {
        encoding: 'utf8',
      }).trim(),
    stopReplica: () => {
      if (replicaUp) ctl(replica, 'stop', '-m', 'immediate');
      replicaUp = false;
    },
    stop: () => {
      if (replicaUp) ctl(replica, 'stop', '-m', 'immediate');
      replicaUp = false;
      ctl(primary, 'stop', '-m', 'immediate');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pair = await startReplicaPair();
  console.log(`DATABASE_URL=${pair.primaryUrl}\nDATABASE_REPLICA_URLS=${pair.replicaUrl}\n(Ctrl-C stops both)`);
  const end = () => {
    pair.stop();
    process.exit(0);
  };
  process.on('SIGINT', end);
  process.on('SIGTERM', end);
  setInterval(() => {}, 60_000);
}
