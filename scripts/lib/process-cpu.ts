// CPU time spent by processes, read from Linux's /proc (for the bench's CPU per request: the
// web server's process tree and the PostgreSQL server's processes, measured around each step).
import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

type TStat = { pid: number; ppid: number; comm: string; cpuMs: number };

function stat(pid: number): TStat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields follow its last ')'.
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
    return { pid, ppid: Number(fields[1]), comm, cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
  } catch {
    return undefined; // exited
  }
}

function allProcesses(): TStat[] {
  if (!fs.existsSync('/proc')) return [];
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => stat(Number(d)))
    .filter((s): s is TStat => s !== undefined);
}

/** CPU ms used so far by `root` and every process below it (the server and its workers). */
export function treeCpuMs(root: number): number {
  const all = allProcesses();
  const inTree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of all) {
      if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
        inTree.add(p.pid);
        grew = true;
      }
    }
  }
  return all.filter((p) => inTree.has(p.pid)).reduce((sum, p) => sum + p.cpuMs, 0);
}

/** CPU ms used so far by every PostgreSQL server process on this machine. */
export function postgresCpuMs(): number {
  return allProcesses()
    .filter((p) => p.comm === 'postgres' || p.comm.startsWith('postgres:'))
    .reduce((sum, p) => sum + p.cpuMs, 0);
}
