// npm run bench: build, start the real server on a fresh database with 100,000 ads, drive it
// with autocannon on 127.0.0.1 beside a plain Node HTTP server (the ceiling), print the
// figures and write them into docs/PERFORMANCE.md.
//
//   npm run bench                       PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL's server,
//                                       else postgres://postgres@127.0.0.1:5432 — database "bench",
//                                       dropped and created afresh
//   npm run bench -- --embedded         the embedded database (PGlite) in data/bench
//   options: --ads 100000  --duration 10 (seconds per step)  --connections 10,50,100
//            --port 4700  --skip-build  --skip-seed (reuse the last bench database)  --no-write
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import postgres from 'postgres';
import { freePort, startSite, waitForOk } from './lib/measured-server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const { values: args } = parseArgs({
  options: {
    embedded: { type: 'boolean', default: false },
    ads: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10,50,100' },
    port: { type: 'string', default: '0' },
    'skip-build': { type: 'boolean', default: false },
    'skip-seed': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});

const ADS = Number(args.ads);
const DURATION = Number(args.duration);
const STEPS = (args.connections ?? '10,50,100').split(',').map(Number);
const PORT = Number(args.port) || (await freePort());
const CEILING_PORT = await freePort();
const OUT_DIR = 'dist-bench';
const node = process.execPath;
const children: ChildProcess[] = [];

function log(msg: string) {
  console.log(`[bench] ${msg}`);
}

function cleanup() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
}
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

// 1. Build ------------------------------------------------------------------------------------
if (!args['skip-build'] || !fs.existsSync(path.join(OUT_DIR, 'server/entry.mjs'))) {
  log(`building into ${OUT_DIR}/ …`);
  const r = spawnSync(path.join(root, 'node_modules/.bin/astro'), ['build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_OUT_DIR: OUT_DIR },
  });
  if (r.status !== 0) throw new Error('astro build failed');
}

// 2. A fresh database -------------------------------------------------------------------------
const dbEnv: Record<string, string> = {};
let pgVersion = 'PGlite (embedded)';
if (args.embedded) {
  const dir = path.join(root, 'data/bench');
  if (!args['skip-seed']) fs.rmSync(dir, { recursive: true, force: true });
  dbEnv.DATA_DIR = dir;
  dbEnv.DATABASE_URL = '';
} else {
  const base = new URL(
    process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  const maintenance = new URL(base);
  maintenance.pathname = '/postgres';
  const target = new URL(base);
  target.pathname = '/bench';
  const admin = postgres(maintenance.toString(), { max: 1, onnotice: () => {} });
  if (!args['skip-seed']) {
    await admin.unsafe('DROP DATABASE IF EXISTS bench WITH (FORCE)');
    await admin.unsafe('CREATE DATABASE bench');
  }
  const version = String((await admin`select version() as v`)[0]?.v ?? 'PostgreSQL');
  pgVersion = version.split(' on ')[0] ?? version;
  await admin.end();
  dbEnv.DATABASE_URL = target.toString();
  dbEnv.DATA_DIR = path.join(root, 'data/bench-pg');
  if (!args['skip-seed']) fs.rmSync(dbEnv.DATA_DIR, { recursive: true, force: true });
}

// 3. Seed -------------------------------------------------------------------------------------
if (!args['skip-seed']) {
  log(`seeding the demo content and ${ADS.toLocaleString('en')} ads …`);
  const started = performance.now();
  const r = spawnSync(node, ['--experimental-strip-types', 'scripts/seed.ts', '--ads', String(ADS)], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...dbEnv },
  });
  if (r.status !== 0) throw new Error('seeding failed');
  log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

// 4. The server and the ceiling -----------------------------------------------------------------
/** A plain Node server answering every request with `body` (a ceiling to compare against). */
function startCeiling(port: number, body: string): ChildProcess {
  const child = spawn(node, ['-e', `${body}.listen(${port}, '127.0.0.1')`], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

children.push(startSite(PORT, { ...dbEnv, ASTRO_OUT_DIR: OUT_DIR, SEED_DEMO: '0' }));
startCeiling(
  CEILING_PORT,
  `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'text/plain' }); s.end('ok'); })`,
);
const site = `http://127.0.0.1:${PORT}`;
await waitForOk(`${site}/readyz`, children, 180_000);
await waitForOk(`http://127.0.0.1:${CEILING_PORT}/`, children);
log(`server ready at ${site}`);

// 5. What to ask for --------------------------------------------------------------------------
const settings = (await (await fetch(`${site}/api/get-settings`)).json()) as {
  data: { categories: { slug: string; count: number }[] }[];
};
const category = [...(settings.data[0]?.categories ?? [])].sort((a, b) => b.count - a.count)[0]?.slug ?? '';
const total = ((await (await fetch(`${site}/api/all-ads?limit=1`)).json()) as { total: number }).total;
const first = (await (await fetch(`${site}/api/all-ads?limit=10&page=2`)).json()) as { ads: { slug: string }[] };
const adSlug = first.ads[3]?.slug ?? first.ads[0]?.slug ?? '';
const search = 'excellent';
const q = new URLSearchParams({
  page: '1',
  limit: '10',
  search,
  category,
  min_price: '10',
  max_price: '5000',
  sort: 'price-asc',
});
const homeQ = new URLSearchParams({
  psearchKeyword: search,
  pselectedCategory: category,
  pminPrice: '10',
  pmaxPrice: '5000',
});

// A second ceiling that sends the very bytes the home page goes out as (its HTML, brotli-
// compressed like the server's cached copy): how much of the gap to the plain ceiling is
// just moving (and, for autocannon, parsing) a real page instead of 2 bytes.
const homeHtml = Buffer.from(await (await fetch(`${site}/`)).arrayBuffer());
const homeWire = zlib.brotliCompressSync(homeHtml, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
const SIZED_PORT = await freePort();
startCeiling(
  SIZED_PORT,
  `const b = Buffer.from('${homeWire.toString('base64')}', 'base64'); require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' }); s.end(b); })`,
);
await waitForOk(`http://127.0.0.1:${SIZED_PORT}/`, children);

type TTarget = { name: string; url: string };
const TARGETS: TTarget[] = [
  { name: 'ceiling (plain Node http)', url: `http://127.0.0.1:${CEILING_PORT}/` },
  { name: 'home page', url: `${site}/` },
  { name: 'home page, filtered', url: `${site}/?${homeQ}` },
  { name: '/api/all-ads search+category+price+sort', url: `${site}/api/all-ads?${q}` },
  { name: 'ad page', url: `${site}/add-details/${adSlug}` },
  {
    name: `ceiling sending the home page's ${(homeWire.byteLength / 1024).toFixed(0)} kB (brotli)`,
    url: `http://127.0.0.1:${SIZED_PORT}/`,
  },
];
for (const t of TARGETS) {
  const res = await fetch(t.url);
  if (!res.ok) throw new Error(`${t.name}: ${t.url} answered ${res.status}`);
}
log(`${total.toLocaleString('en')} ads; category "${category}", search "${search}", ad "${adSlug}"`);

// 6. Drive it ---------------------------------------------------------------------------------
type TRow = {
  count: number;
  target: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  ratio: number;
  pass: boolean;
};

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function measure(url: string, connections: number, duration: number) {
  const latencies: number[] = [];
  // Like a browser, accept compressed answers (the ceilings ignore the header).
  const instance = autocannon({
    url,
    connections,
    duration,
    pipelining: 1,
    timeout: 10,
    headers: { 'accept-encoding': 'br, gzip' },
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const loadBefore = os.loadavg()[0] ?? 0;
log('warming up …');
for (const t of TARGETS.slice(1)) await measure(t.url, 10, 2);

const rows: TRow[] = [];
for (const connections of STEPS) {
  let ceiling = 0;
  for (const t of TARGETS) {
    const m = await measure(t.url, connections, DURATION);
    if (t === TARGETS[0]) ceiling = m.rps;
    const row: TRow = {
      target: t.name,
      connections,
      ...m,
      ratio: ceiling ? m.rps / ceiling : 0,
      pass: m.count > 0 && m.errors === 0 && m.non2xx === 0,
    };
    rows.push(row);
    log(
      `${String(connections).padStart(3)} conns  ${t.name.padEnd(42)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50.toFixed(1)}  p95 ${m.p95.toFixed(1)}  p99 ${m.p99.toFixed(1)} ms  errors ${m.errors}  non-2xx ${m.non2xx}`,
    );
  }
}

// 7. Report -----------------------------------------------------------------------------------
const at = (target: string, c: number) => rows.find((r) => r.target === target && r.connections === c);
const api50 = at(TARGETS[3]?.name as string, 50);
const home50 = at(TARGETS[1]?.name as string, 50);
const targets = [
  {
    what: '/api/all-ads filtered, p95 at 50 connections ≤ 50 ms',
    value: api50 ? `${api50.p95.toFixed(1)} ms` : 'n/a',
    met: !!api50 && api50.p95 <= 50,
  },
  {
    what: 'home page ≥ 20% of the ceiling’s requests/s at 50 connections',
    value: home50 ? `${(home50.ratio * 100).toFixed(1)}%` : 'n/a',
    met: !!home50 && home50.ratio >= 0.2,
  },
];
const sized50 = at(TARGETS[5]?.name as string, 50);
const allPass = rows.every((r) => r.pass);

const cpus = os.cpus();
const machine = [
  `${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length} (${os.arch()}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}`,
  `Node ${process.version}; ${pgVersion}; ${process.env.WEB_CONCURRENCY ? `WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY}` : 'one server process'}; server and autocannon on the same machine over 127.0.0.1`,
  `${total.toLocaleString('en')} ads; ${DURATION} s per step; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  `load average (1 min) before/after the run: ${loadBefore.toFixed(1)} / ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${cpus.length} cores (other work on the machine skews every figure)`,
];
const table = [
  '| connections | target | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx | of ceiling | step |',
  '|---:|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ...rows.map(
    (r) =>
      `| ${r.connections} | ${r.target} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.non2xx} | ${(r.ratio * 100).toFixed(0)}% | ${r.pass ? 'pass' : 'FAIL'} |`,
  ),
];
const cacheOff = process.env.PAGE_CACHE_TTL_MS === '0';
const report = [
  `### ${args.embedded ? 'Embedded database (PGlite)' : 'PostgreSQL'}, ${cacheOff ? 'anonymous page cache off (PAGE_CACHE_TTL_MS=0): every request renders and queries' : 'anonymous page cache on (default)'}`,
  '',
  ...machine.map((m) => `- ${m}`),
  '',
  ...table,
  '',
  ...targets.map((t) => `- ${t.met ? 'Met' : 'MISSED'}: ${t.what} — ${t.value}`),
  `- For scale: the home page at 50 connections made ${home50 && sized50 ? ((home50.rps / sized50.rps) * 100).toFixed(0) : 'n/a'}% of the requests/s of a plain Node server sending the same bytes.`,
  `- Steps: ${allPass ? 'every step had zero errors and zero non-2xx' : 'SOME STEPS FAILED (errors or non-2xx)'}`,
].join('\n');

console.log(`\n${report}\n`);

if (!args['no-write']) {
  const file = path.join(root, 'docs/PERFORMANCE.md');
  const marker = `${args.embedded ? 'embedded' : 'postgres'}${cacheOff ? '-uncached' : ''}`;
  const start = `<!-- bench:${marker}:start -->`;
  const end = `<!-- bench:${marker}:end -->`;
  let doc = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Performance\n';
  const block = `${start}\n${report}\n${end}`;
  if (doc.includes(start) && doc.includes(end)) {
    doc = doc.slice(0, doc.indexOf(start)) + block + doc.slice(doc.indexOf(end) + end.length);
  } else doc = `${doc.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, doc);
  log('figures written to docs/PERFORMANCE.md');
}

cleanup();
process.exit(allPass ? 0 : 1);
