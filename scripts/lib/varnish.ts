import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// Debian's varnishd in front of a running site, with the repository's configuration
// (deploy/varnish/default.vcl) pointed at it: the shared-cache browser test and the benchmark's
// measurement through a cache start it the same way.

/** varnishd's path where Debian's `varnish` package is installed, else undefined. */
export const VARNISHD = ['/usr/sbin/varnishd', '/usr/bin/varnishd'].find((p) => fs.existsSync(p));

export type TVarnish = {
  child: ChildProcess;
  /** The cache's address, e.g. http://127.0.0.1:6081 */
  url: string;
  /** Its working directory (`-n`), which varnishstat reads. */
  name: string;
};

/**
 * Checks the configuration (`varnishd -C`, throwing its compiler's message) and starts varnishd
 * in the foreground on `cachePort`, keeping `memory` of answers. `workDir` must be readable by
 * varnishd's own user (it drops root).
 */
export function startVarnish(options: {
  originPort: number;
  cachePort: number;
  workDir: string;
  memory?: string;
}): TVarnish {
  if (!VARNISHD) throw new Error('varnishd is not installed (apt-get install varnish)');
  const { workDir } = options;
  fs.mkdirSync(workDir, { recursive: true });
  fs.chmodSync(workDir, 0o755);
  const vcl = fs
    .readFileSync('deploy/varnish/default.vcl', 'utf8')
    .replace('.port = "4321";', `.port = "${options.originPort}";`);
  const vclFile = path.join(workDir, 'site.vcl');
  fs.writeFileSync(vclFile, vcl);
  const check = spawnSync(VARNISHD, ['-C', '-j', 'none', '-f', vclFile, '-n', path.join(workDir, 'c')]);
  if (check.status !== 0) throw new Error(`varnishd -C: ${String(check.stderr)}`);
  const name = path.join(workDir, 'v');
  const child = spawn(
    VARNISHD,
    [
      '-F',
      '-j',
      'none',
      '-a',
      `127.0.0.1:${options.cachePort}`,
      '-f',
      vclFile,
      '-n',
      name,
      '-s',
      `malloc,${options.memory ?? '256m'}`,
    ],
    { stdio: 'ignore' },
  );
  return { child, url: `http://127.0.0.1:${options.cachePort}`, name };
}

/** The cache's hit and miss counters so far (varnishstat), to tell a step's hit ratio. */
export function varnishCounters(name: string): { hits: number; misses: number } {
  const r = spawnSync('varnishstat', ['-j', '-n', name, '-I', 'MAIN.cache_hit', '-I', 'MAIN.cache_miss']);
  if (r.status !== 0) return { hits: 0, misses: 0 };
  const json = JSON.parse(String(r.stdout)) as Record<string, unknown>;
  // varnishstat's JSON nests the counters under "counters" from Varnish 6.5 on.
  const counters = (json.counters ?? json) as Record<string, { value: number } | undefined>;
  return { hits: counters['MAIN.cache_hit']?.value ?? 0, misses: counters['MAIN.cache_miss']?.value ?? 0 };
}
