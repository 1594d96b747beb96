// npm run bench: build, start the real server on a fresh database with 100,000 ads, drive it
// with autocannon on 127.0.0.1 beside a plain Node HTTP server (the ceiling), print the
// figures and write them into docs/PERFORMANCE.md.
//
//   npm run bench                       PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL's server,
//                                       else postgres://postgres@127.0.0.1:5432 — database "bench",
//                                       dropped and created afresh
//   npm run bench -- --embedded         the embedded database (PGlite) in data/bench
//   npm run bench -- --million          the same on 1,000,000 ads (the bulk seeder takes minutes)
//   options: --ads 100000  --duration 10 (seconds per step)  --connections 10,50,100
//            --port 4700  --skip-build  --skip-seed (reuse the last bench database)  --no-write
//            --database bench (the PostgreSQL database's name)  --mix-only (only the search mix
//            and the ad page: every request a different search, scripts/lib/search-mix.ts)
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
import { messagesScenario } from './lib/bench-messages.ts';
import { benchPosting } from './lib/bench-posting.ts';
import { freePort, percentile, startSite, waitForOk } from './lib/measured-server.ts';
import { postgresCpuMs, treeCpuMs } from './lib/process-cpu.ts';
import { catalogueWords, mixPath, mixPlaces, placesPath } from './lib/search-mix.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const { values: args } = parseArgs({
  options: {
    embedded: { type: 'boolean', default: false },
    ads: { type: 'string', default: '100000' },
    million: { type: 'boolean', default: false },
    database: { type: 'string', default: 'bench' },
    'mix-only': { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10,50,100' },
    port: { type: 'string', default: '0' },
    'skip-build': { type: 'boolean', default: false },
    'skip-seed': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    // Only the conversations scenario (scripts/lib/bench-messages.ts), e.g. with --ads 1000.
    messages: { type: 'boolean', default: false },
    // Only the saved-search matching scenario (scripts/lib/bench-saved-searches.ts), no server.
    'saved-searches': { type: 'boolean', default: false },
    // Only the posting scenario with the fraud checks on (scripts/lib/bench-posting.ts), PostgreSQL.
    posting: { type: 'boolean', default: false },
  },
});

const ADS = args.million ? 1_000_000 : Number(args.ads);
const DB_NAME = args.database ?? 'bench';
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME)) throw new Error(`--database: a plain lower-case name, not "${DB_NAME}"`);
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
if (!args['saved-searches'] && (!args['skip-build'] || !fs.existsSync(path.join(OUT_DIR, 'server/entry.mjs')))) {
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
  target.pathname = `/${DB_NAME}`;
  const admin = postgres(maintenance.toString(), { max: 1, onnotice: () => {} });
  if (!args['skip-seed']) {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${DB_NAME}`);
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

// The saved-search scenario runs in a process of its own on the seeded database, then stops.
if (args['saved-searches']) {
  log('saved searches: 10,000 searches, 1,000 new ads, one matching run …');
  const r = spawnSync(node, ['--experimental-strip-types', 'scripts/lib/bench-saved-searches.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...dbEnv },
  });
  const line = r.stdout.toString().trim().split('\n').pop() ?? '';
  log(`saved searches (${args.embedded ? 'PGlite' : pgVersion}): ${line}`);
  process.exit(r.status ?? 1);
}

// 4. The server and the ceiling -----------------------------------------------------------------
/** A plain Node server answering every request with `body` (a ceiling to compare against). */
function startCeiling(port: number, body: string): ChildProcess {
  const child = spawn(node, ['-e', `${body}.listen(${port}, '127.0.0.1')`], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

const server = startSite(PORT, {
  ...dbEnv,
  ASTRO_OUT_DIR: OUT_DIR,
  SEED_DEMO: '0',
  // The conversations and posting scenarios sign up one person per connection from this one address.
  ...(args.messages || args.posting ? { RATE_LIMIT_SCALE: '1000' } : {}),
});
children.push(server);
startCeiling(
  CEILING_PORT,
  `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'text/plain' }); s.end('ok'); })`,
);
const site = `http://127.0.0.1:${PORT}`;
await waitForOk(`${site}/readyz`, children, 180_000);
await waitForOk(`http://127.0.0.1:${CEILING_PORT}/`, children);
log(`server ready at ${site}`);

if (args.messages)
  await runScenario('messages', () =>
    messagesScenario({
      site,
      steps: STEPS,
      duration: DURATION,
      outbox: path.join(dbEnv.DATA_DIR ?? 'data', 'outbox'),
      label: args.embedded ? 'PGlite' : pgVersion,
      log,
    }),
  );
if (args.posting) {
  if (args.embedded) throw new Error('--posting runs on PostgreSQL only');
  await runScenario('posting', () =>
    benchPosting({
      site,
      databaseUrl: dbEnv.DATABASE_URL as string,
      steps: STEPS,
      duration: DURATION,
      label: pgVersion,
      log,
    }),
  );
}

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

// The realistic mix: every request a different search drawn from the catalogue's own words.
const { words, slugs: adSlugs } = await catalogueWords(site);
const slugs = (settings.data[0]?.categories ?? []).map((c) => c.slug);
const MIX_API = '/api/all-ads searches (every request different)';
const MIX_HOME = 'home page searches (every request different)';
const MIX_AD = 'ad pages (every request a different ad)';
const MIX_PLACES = 'searchPlaces: /api/places (every request different)';
const places = await mixPlaces(site);

/** `paths`: each request asks for the next path it returns (the mix); otherwise always `url`. */
type TTarget = { name: string; url: string; paths?: () => string };
const CACHED_TARGETS: TTarget[] = [
  { name: 'home page', url: `${site}/` },
  { name: 'home page, filtered', url: `${site}/?${homeQ}` },
  { name: '/api/all-ads search+category+price+sort', url: `${site}/api/all-ads?${q}` },
];
const TARGETS: TTarget[] = [
  { name: 'ceiling (plain Node http)', url: `http://127.0.0.1:${CEILING_PORT}/` },
  ...(args['mix-only'] ? [] : CACHED_TARGETS),
  { name: 'ad page', url: `${site}/add-details/${adSlug}` },
  { name: MIX_API, url: site, paths: () => mixPath('api', words, slugs, places.ids) },
  { name: MIX_HOME, url: site, paths: () => mixPath('home', words, slugs, places.ids) },
  { name: MIX_PLACES, url: site, paths: () => placesPath(places.names) },
  {
    name: MIX_AD,
    url: site,
    paths: () => `/add-details/${adSlugs[Math.floor(Math.random() * adSlugs.length)]}`,
  },
  {
    name: `ceiling sending the home page's ${(homeWire.byteLength / 1024).toFixed(0)} kB (brotli)`,
    url: `http://127.0.0.1:${SIZED_PORT}/`,
  },
];
for (const t of TARGETS) {
  const url = t.paths ? `${t.url}${t.paths()}` : t.url;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${t.name}: ${url} answered ${res.status}`);
}
log(`${total.toLocaleString('en')} ads; category "${category}", search "${search}", ad "${adSlug}"`);
log(`search mix: ${words.length} catalogue words, e.g. ${mixPath('api', words, slugs)}`);

// 6. Drive it ---------------------------------------------------------------------------------
type TRow = {
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
  ratio: number;
  pass: boolean;
};

async function measure(target: TTarget, connections: number, duration: number) {
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
  // CPU per request: the server's process tree and PostgreSQL's processes, around the step.
  const cpu = { web: treeCpuMs(server.pid ?? 0), db: postgresCpuMs() };
  const result = await instance;
  const n = Math.max(1, latencies.length);
  const webMs = (treeCpuMs(server.pid ?? 0) - cpu.web) / n;
  const dbMs = (postgresCpuMs() - cpu.db) / n;
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
  };
}

const loadBefore = os.loadavg()[0] ?? 0;
log('warming up …');
for (const t of TARGETS.slice(1)) await measure(t, 10, 2);

const rows: TRow[] = [];
for (const connections of STEPS) {
  let ceiling = 0;
  for (const t of TARGETS) {
    const m = await measure(t, connections, DURATION);
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
      `${String(connections).padStart(3)} conns  ${t.name.padEnd(42)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50.toFixed(1)}  p95 ${m.p95.toFixed(1)}  p97.5 ${m.p975.toFixed(1)}  p99 ${m.p99.toFixed(1)} ms  errors ${m.errors}  non-2xx ${m.non2xx}  CPU/req web ${m.webMs.toFixed(2)} db ${m.dbMs.toFixed(2)} ms`,
    );
  }
}

// 7. Report -----------------------------------------------------------------------------------
const at = (target: string, c: number) => rows.find((r) => r.target === target && r.connections === c);
const api50 = at(CACHED_TARGETS[2]?.name as string, 50);
const home50 = at(CACHED_TARGETS[0]?.name as string, 50);
const targets = args['mix-only']
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
// Issue 15's targets for the search mix (every request a different search).
const mixApi10 = at(MIX_API, 10);
const mixHome10 = at(MIX_HOME, 10);
const mixApi50 = at(MIX_API, 50);
const big = total >= 500_000;
if (mixApi10) {
  const p95 = big ? 100 : 50;
  const rps = big ? 150 : 300;
  targets.push({
    what: `search mix: /api/all-ads at 10 connections p95 ≤ ${p95} ms and ≥ ${rps} req/s`,
    value: `${mixApi10.p95.toFixed(1)} ms, ${mixApi10.rps.toFixed(0)} req/s`,
    met: mixApi10.p95 <= p95 && mixApi10.rps >= rps,
  });
}
// Issue 31's targets: the mix with near searches (a third of it), and the place picker.
if (mixApi10) {
  const p975 = big ? 100 : 50;
  const rps = big ? 250 : 400;
  targets.push({
    what: `search mix with near searches: /api/all-ads at 10 connections p97.5 ≤ ${p975} ms and ≥ ${rps} req/s`,
    value: `${mixApi10.p975.toFixed(1)} ms, ${mixApi10.rps.toFixed(0)} req/s`,
    met: mixApi10.p975 <= p975 && mixApi10.rps >= rps,
  });
}
const places10 = at(MIX_PLACES, 10);
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
const sized50 = at(TARGETS[TARGETS.length - 1]?.name as string, 50);
const allPass = rows.every((r) => r.pass);

const cpus = os.cpus();
const machine = [
  `${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length} (${os.arch()}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}`,
  `Node ${process.version}; ${pgVersion}; ${process.env.WEB_CONCURRENCY ? `WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY}` : 'one server process'}; server and autocannon on the same machine over 127.0.0.1`,
  `${total.toLocaleString('en')} ads; ${DURATION} s per step; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  `load average (1 min) before/after the run: ${loadBefore.toFixed(1)} / ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${cpus.length} cores (other work on the machine skews every figure)`,
];
const table = [
  '| connections | target | req/s | p50 ms | p95 ms | p97.5 ms | p99 ms | errors | non-2xx | of ceiling | step |',
  '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ...rows.map(
    (r) =>
      `| ${r.connections} | ${r.target} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p975.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.non2xx} | ${(r.ratio * 100).toFixed(0)}% | ${r.pass ? 'pass' : 'FAIL'} |`,
  ),
];
const cacheOff = process.env.PAGE_CACHE_TTL_MS === '0';
const report = [
  `### ${args.embedded ? 'Embedded database (PGlite)' : 'PostgreSQL'}, ${cacheOff ? 'anonymous page cache off (PAGE_CACHE_TTL_MS=0): every request renders and queries' : 'anonymous page cache on (default)'}${args['mix-only'] ? `: the search mix at ${total.toLocaleString('en')} ads` : ''}`,
  '',
  ...machine.map((m) => `- ${m}`),
  '',
  ...table,
  '',
  ...(args['mix-only']
    ? []
    : [
        '- home page, home page filtered and the /api/all-ads search repeat one URL each: after the first request they are page-cache hits, not searches.',
      ]),
  `- The ad-page mix asks for ${adSlugs.length} different ads, each about once every ${adSlugs.length} requests: mostly past the 3 s page cache. Compare it between the 100k and 1M runs (target: 1M ≥ 80% of 100k).`,
  `- The search mix: every request a different search (scripts/lib/search-mix.ts): 1–2 words from ${words.length} words of the catalogue's headings, a quarter of the time the last one a 3–4 letter prefix; a random category or none; a random price range half the time; every sort; pages 1–5. The home page also counts each category's matches for its sidebar; the API requests do not ask for them (category_counts).`,
  ...targets.map((t) => `- ${t.met ? 'Met' : 'MISSED'}: ${t.what} — ${t.value}`),
  `- For scale: the home page at 50 connections made ${home50 && sized50 ? ((home50.rps / sized50.rps) * 100).toFixed(0) : 'n/a'}% of the requests/s of a plain Node server sending the same bytes.`,
  `- Steps: ${allPass ? 'every step had zero errors and zero non-2xx' : 'SOME STEPS FAILED (errors or non-2xx)'}`,
].join('\n');

console.log(`\n${report}\n`);

if (!args['no-write']) {
  const scale = args['mix-only'] ? `-mix-${total >= 500_000 ? '1m' : '100k'}` : '';
  writeReport(`${args.embedded ? 'embedded' : 'postgres'}${cacheOff ? '-uncached' : ''}${scale}`, report);
}

/** Puts `report` between this marker's comments in docs/PERFORMANCE.md (appended the first time). */
function writeReport(marker: string, report: string) {
  const file = path.join(root, 'docs/PERFORMANCE.md');
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

/** A scenario reported on its own (`--messages`, `--posting`): its report written, then exit (never returns). */
async function runScenario(marker: string, run: () => Promise<{ report: string; ok: boolean }>): Promise<never> {
  const { report, ok } = await run();
  console.log(`\n${report}\n`);
  if (!args['no-write']) writeReport(marker, report);
  cleanup();
  process.exit(ok ? 0 : 1);
}
