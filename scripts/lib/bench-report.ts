// What `npm run bench` reports: one row per target and step, the issues' targets checked
// against them, and the Markdown section it writes into docs/PERFORMANCE.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type TRow = {
  count: number;
  target: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p975: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU ms per request of the server's processes and of PostgreSQL's. */
  webMs: number;
  dbMs: number;
  /** Through a shared cache: the share of its lookups that were hits during the step. */
  hitRatio?: number;
  ratio: number;
  pass: boolean;
};

type TTargetCheck = { what: string; value: string; met: boolean };

/** The names of the targets the report checks (bench.ts's TARGETS). */
export type TReportNames = {
  cachedApi: string;
  cachedHome: string;
  mixApi: string;
  mixHome: string;
  places: string;
  sized: string;
};

/** The issues' targets, checked against the rows (issue 15: the mix; issue 31: near searches, places). */
export function checkTargets(rows: TRow[], names: TReportNames, total: number, mixOnly: boolean): TTargetCheck[] {
  const at = (target: string, c: number) => rows.find((r) => r.target === target && r.connections === c);
  const api50 = at(names.cachedApi, 50);
  const home50 = at(names.cachedHome, 50);
  const targets: TTargetCheck[] = mixOnly
    ? []
    : [
        {
          what: '/api/all-ads filtered (the same URL: cache hits), p95 at 50 connections ≤ 50 ms',
          value: api50 ? `${api50.p95.toFixed(1)} ms` : 'n/a',
          met: !!api50 && api50.p95 <= 50,
        },
        {
          what: 'home page (cache hits) ≥ 20% of the ceiling’s requests/s at 50 connections',
          value: home50 ? `${(home50.ratio * 100).toFixed(1)}%` : 'n/a',
          met: !!home50 && home50.ratio >= 0.2,
        },
      ];
  const mixApi10 = at(names.mixApi, 10);
  const mixHome10 = at(names.mixHome, 10);
  const mixApi50 = at(names.mixApi, 50);
  const big = total >= 500_000;
  if (mixApi10) {
    const p95 = big ? 100 : 50;
    const rps = big ? 150 : 300;
    targets.push({
      what: `search mix: /api/all-ads at 10 connections p95 ≤ ${p95} ms and ≥ ${rps} req/s`,
      value: `${mixApi10.p95.toFixed(1)} ms, ${mixApi10.rps.toFixed(0)} req/s`,
      met: mixApi10.p95 <= p95 && mixApi10.rps >= rps,
    });
    const p975 = big ? 100 : 50;
    // Issue 32's plan for ten million ads: ≥ 150 req/s at p97.5 ≤ 100 ms on the same machine.
    const nearRps = total >= 5_000_000 ? 150 : big ? 250 : 400;
    targets.push({
      what: `search mix with near searches: /api/all-ads at 10 connections p97.5 ≤ ${p975} ms and ≥ ${nearRps} req/s`,
      value: `${mixApi10.p975.toFixed(1)} ms, ${mixApi10.rps.toFixed(0)} req/s`,
      met: mixApi10.p975 <= p975 && mixApi10.rps >= nearRps,
    });
  }
  const places10 = at(names.places, 10);
  if (places10) {
    targets.push({
      what: 'searchPlaces at 10 connections p97.5 ≤ 10 ms',
      value: `${places10.p975.toFixed(1)} ms, ${places10.rps.toFixed(0)} req/s`,
      met: places10.p975 <= 10,
    });
  }
  if (!big && mixApi10 && mixHome10) {
    targets.push({
      what: 'search mix: the home page at 10 connections ≥ 50% of the API’s requests/s',
      value: `${((mixHome10.rps / mixApi10.rps) * 100).toFixed(0)}%`,
      met: mixHome10.rps >= mixApi10.rps * 0.5,
    });
  }
  if (big && mixApi50) {
    targets.push({
      what: 'search mix: /api/all-ads at 50 connections with zero errors and p99 ≤ 1 s',
      value: `${mixApi50.errors + mixApi50.non2xx} errors/non-2xx, p99 ${mixApi50.p99.toFixed(0)} ms`,
      met: mixApi50.errors + mixApi50.non2xx === 0 && mixApi50.p99 <= 1000,
    });
  }
  return targets;
}

/** The machine, the software and the run, as the report's first lines say them. */
export function machineLines(options: { database: string; total: number; duration: number; loadBefore: number }) {
  const cpus = os.cpus();
  return [
    `${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length} (${os.arch()}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}`,
    `Node ${process.version}; ${options.database}; ${process.env.WEB_CONCURRENCY ? `WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY}` : 'one server process'}; server and autocannon on the same machine over 127.0.0.1`,
    `${options.total.toLocaleString('en')} ads; ${options.duration} s per step; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `load average (1 min) before/after the run: ${options.loadBefore.toFixed(1)} / ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${cpus.length} cores (other work on the machine skews every figure)`,
  ];
}

/** The rows as a Markdown table (a hit-ratio column when any step went through a cache). */
export function rowsTable(rows: TRow[]): string[] {
  const cached = rows.some((r) => r.hitRatio !== undefined);
  const hit = (r: TRow) => (cached ? ` ${r.hitRatio === undefined ? '' : `${(r.hitRatio * 100).toFixed(0)}%`} |` : '');
  return [
    `| connections | target | req/s | p50 ms | p95 ms | p97.5 ms | p99 ms | errors | non-2xx | CPU/req web + db ms | of ceiling |${cached ? ' cache hits |' : ''} step |`,
    `|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|${cached ? '---:|' : ''}---|`,
    ...rows.map(
      (r) =>
        `| ${r.connections} | ${r.target} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p975.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.non2xx} | ${r.webMs.toFixed(2)} + ${r.dbMs.toFixed(2)} | ${(r.ratio * 100).toFixed(0)}% |${hit(r)} ${r.pass ? 'pass' : 'FAIL'} |`,
    ),
  ];
}

/** Puts `report` between this marker's comments in docs/PERFORMANCE.md (appended the first time). */
export function writeReport(root: string, marker: string, report: string) {
  const file = path.join(root, 'docs/PERFORMANCE.md');
  const start = `<!-- bench:${marker}:start -->`;
  const end = `<!-- bench:${marker}:end -->`;
  let doc = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Performance\n';
  const block = `${start}\n${report}\n${end}`;
  if (doc.includes(start) && doc.includes(end)) {
    doc = doc.slice(0, doc.indexOf(start)) + block + doc.slice(doc.indexOf(end) + end.length);
  } else doc = `${doc.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, doc);
}
