// One step of `npm run bench`: autocannon against one target, its latencies, and the CPU the
// server, Varnish (through it) and PostgreSQL spent on it.
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import { percentile } from './measured-server.ts';
import { postgresCpuMs, treeCpuMs } from './process-cpu.ts';
import { type TVarnish, varnishCounters } from './varnish.ts';

/** `paths`: each request asks for the next path it returns (the mix); otherwise always `url`. */
export type TTarget = { name: string; url: string; paths?: () => string };

export async function measureStep(
  target: TTarget,
  connections: number,
  duration: number,
  /** The web server's pid, and the cache in front when there is one. */
  processes: { serverPid: number; cache: TVarnish | undefined },
) {
  const { serverPid, cache } = processes;
  const latencies: number[] = [];
  const paths = target.paths;
  // Like a browser, accept compressed answers (the ceilings ignore the header).
  const instance = autocannon({
    url: target.url,
    connections,
    duration,
    pipelining: 1,
    timeout: 10,
    headers: { 'accept-encoding': 'br, gzip' },
    ...(paths ? { requests: [{ method: 'GET', setupRequest: (req: object) => ({ ...req, path: paths() }) }] } : {}),
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
  });
  // CPU per request: the server's process tree (and Varnish's, through it) and PostgreSQL's
  // processes, around the step; through Varnish its hits and misses too.
  const viaCache = cache !== undefined && target.url === cache.url;
  const webCpu = () => treeCpuMs(serverPid) + (viaCache ? treeCpuMs(cache.child.pid ?? 0) : 0);
  const cpu = { web: webCpu(), db: postgresCpuMs(), lookups: viaCache ? varnishCounters(cache.name) : undefined };
  const result = await instance;
  const n = Math.max(1, latencies.length);
  const webMs = (webCpu() - cpu.web) / n;
  const dbMs = (postgresCpuMs() - cpu.db) / n;
  const after = viaCache ? varnishCounters(cache.name) : undefined;
  const hits = after && cpu.lookups ? after.hits - cpu.lookups.hits : 0;
  const misses = after && cpu.lookups ? after.misses - cpu.lookups.misses : 0;
  const hitRatio = after ? hits / Math.max(1, hits + misses) : undefined;
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p975: percentile(latencies, 97.5),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    webMs,
    dbMs,
    hitRatio,
  };
}
