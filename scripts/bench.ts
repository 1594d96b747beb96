// npm run bench: build, start the real server on a fresh database with 100,000 ads, drive it
// with autocannon on 127.0.0.1 beside a plain Node HTTP server (the ceiling), print the
// figures and write them into docs/PERFORMANCE.md.
//
//   npm run bench                       PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL's server,
//                                       else postgres://postgres@127.0.0.1:5432 — database "bench",
//                                       dropped and created afresh
//   npm run bench -- --embedded         the embedded database (PGlite) in data/bench
//   npm run bench -- --million          the same on 1,000,000 ads (the bulk seeder takes minutes)
//   npm run bench -- --varnish          also the mixes through Debian's Varnish in front (apt-get install varnish)
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
import postgres from 'postgres';
import { measureStep, type TTarget } from './lib/bench-measure.ts';
import { messagesScenario } from './lib/bench-messages.ts';
import { benchPosting } from './lib/bench-posting.ts';
import { checkTargets, machineLines, rowsTable, type TRow, writeReport } from './lib/bench-report.ts';
import { freePort, startSite, waitForOk } from './lib/measured-server.ts';
import { catalogueWords, mixPath, mixPlaces, placesPath, popularMix } from './lib/search-mix.ts';
import { startVarnish } from './lib/varnish.ts';

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
    // Also the mixes through Debian's Varnish in front of the server (scripts/lib/varnish.ts).
    varnish: { type: 'boolean', default: false },
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

// Varnish in front, with the repository's configuration: the same mixes through it.
const VARNISH_MEMORY = '512m';
const POPULAR_POOL = 500;
const cache = args.varnish
  ? startVarnish({
      originPort: PORT,
      cachePort: await freePort(),
      workDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-varnish-')),
      memory: VARNISH_MEMORY,
    })
  : undefined;
if (cache) {
  children.push(cache.child);
  await waitForOk(`${cache.url}/healthz`, children);
  log(`Varnish in front at ${cache.url}`);
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
const MIX_POPULAR = `/api/all-ads popular searches (${POPULAR_POOL}, Zipf)`;
const MIX_PLACES = 'searchPlaces: /api/places (every request different)';
const places = await mixPlaces(site);

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
  ...(cache ? cachedMixes(cache.url) : []),
  {
    name: `ceiling sending the home page's ${(homeWire.byteLength / 1024).toFixed(0)} kB (brotli)`,
    url: `http://127.0.0.1:${SIZED_PORT}/`,
  },
];
/** The mixes through Varnish, and a popular-searches mix to the origin and through Varnish. */
function cachedMixes(cacheUrl: string): TTarget[] {
  const popular = popularMix(POPULAR_POOL, () => mixPath('api', words, slugs, places.ids));
  const adPage = () => `/add-details/${adSlugs[Math.floor(Math.random() * adSlugs.length)]}`;
  return [
    { name: `${MIX_API}, through Varnish`, url: cacheUrl, paths: () => mixPath('api', words, slugs, places.ids) },
    { name: MIX_POPULAR, url: site, paths: popular },
    { name: `${MIX_POPULAR}, through Varnish`, url: cacheUrl, paths: popular },
    { name: `${MIX_AD}, through Varnish`, url: cacheUrl, paths: adPage },
  ];
}

for (const t of TARGETS) {
  const url = t.paths ? `${t.url}${t.paths()}` : t.url;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${t.name}: ${url} answered ${res.status}`);
}
log(`${total.toLocaleString('en')} ads; category "${category}", search "${search}", ad "${adSlug}"`);
log(`search mix: ${words.length} catalogue words, e.g. ${mixPath('api', words, slugs)}`);

// 6. Drive it ---------------------------------------------------------------------------------
/** One step: `target` at `connections` for `duration` s, with the CPU it cost (bench-measure.ts). */
const measure = (target: TTarget, connections: number, duration: number) =>
  measureStep(target, connections, duration, { serverPid: server.pid ?? 0, cache });

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
      `${String(connections).padStart(3)} conns  ${t.name.padEnd(42)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50.toFixed(1)}  p95 ${m.p95.toFixed(1)}  p97.5 ${m.p975.toFixed(1)}  p99 ${m.p99.toFixed(1)} ms  errors ${m.errors}  non-2xx ${m.non2xx}  CPU/req web ${m.webMs.toFixed(2)} db ${m.dbMs.toFixed(2)} ms${m.hitRatio === undefined ? '' : `  cache hits ${(m.hitRatio * 100).toFixed(0)}%`}`,
    );
  }
}

// 7. Report -----------------------------------------------------------------------------------
const names = {
  cachedApi: CACHED_TARGETS[2]?.name as string,
  cachedHome: CACHED_TARGETS[0]?.name as string,
  mixApi: MIX_API,
  mixHome: MIX_HOME,
  places: MIX_PLACES,
  sized: TARGETS[TARGETS.length - 1]?.name as string,
};
const targets = checkTargets(rows, names, total, args['mix-only'] === true);
const home50 = rows.find((r) => r.target === names.cachedHome && r.connections === 50);
const sized50 = rows.find((r) => r.target === names.sized && r.connections === 50);
const allPass = rows.every((r) => r.pass);
const machine = machineLines({ database: pgVersion, total, duration: DURATION, loadBefore });
const cacheOff = process.env.PAGE_CACHE_TTL_MS === '0';
const report = [
  `### ${args.embedded ? 'Embedded database (PGlite)' : 'PostgreSQL'}, ${cacheOff ? 'anonymous page cache off (PAGE_CACHE_TTL_MS=0): every request renders and queries' : 'anonymous page cache on (default)'}${args['mix-only'] ? `: the search mix at ${total.toLocaleString('en')} ads` : ''}${cache ? ', beside Varnish in front' : ''}`,
  '',
  ...machine.map((m) => `- ${m}`),
  '',
  ...rowsTable(rows),
  '',
  ...(args['mix-only']
    ? []
    : [
        '- home page, home page filtered and the /api/all-ads search repeat one URL each: after the first request they are page-cache hits, not searches.',
      ]),
  `- The ad-page mix asks for ${adSlugs.length} different ads, each about once every ${adSlugs.length} requests: mostly past the 3 s page cache. Compare it between the 100k and 1M runs (target: 1M ≥ 80% of 100k).`,
  `- The search mix: every request a different search (scripts/lib/search-mix.ts): 1–2 words from ${words.length} words of the catalogue's headings, a quarter of the time the last one a 3–4 letter prefix; a random category or none; a random price range half the time; every sort; pages 1–5. The home page also counts each category's matches for its sidebar; the API requests do not ask for them (category_counts).`,
  ...(cache
    ? [
        `- Through Varnish (deploy/varnish/default.vcl, ${VARNISH_MEMORY} of memory; the site's answers say s-maxage=${process.env.HTTP_CACHE_S_MAXAGE ?? 60}): the same mixes sent to the cache instead of the origin, in the same run. "Popular searches": ${POPULAR_POOL} searches of the mix drawn once, each asked as often as its rank in Zipf's law says (the k-th about 1/k as often as the first), as real traffic repeats searches; sent to the origin too. The cache-hit column is Varnish's hits over its lookups in the step (varnishstat). The web column of a step through the cache is the origin's and Varnish's CPU.`,
      ]
    : []),
  ...targets.map((t) => `- ${t.met ? 'Met' : 'MISSED'}: ${t.what} — ${t.value}`),
  `- For scale: the home page at 50 connections made ${home50 && sized50 ? ((home50.rps / sized50.rps) * 100).toFixed(0) : 'n/a'}% of the requests/s of a plain Node server sending the same bytes.`,
  `- Steps: ${allPass ? 'every step had zero errors and zero non-2xx' : 'SOME STEPS FAILED (errors or non-2xx)'}`,
].join('\n');

console.log(`\n${report}\n`);

if (!args['no-write']) {
  const scale = args['mix-only'] ? `-mix-${total >= 5_000_000 ? '10m' : total >= 500_000 ? '1m' : '100k'}` : '';
  const marker = `${args.embedded ? 'embedded' : 'postgres'}${cacheOff ? '-uncached' : ''}${scale}${cache ? '-varnish' : ''}`;
  writeReport(root, marker, report);
  log('figures written to docs/PERFORMANCE.md');
}

cleanup();
process.exit(allPass ? 0 : 1);

/** A scenario reported on its own (`--messages`, `--posting`): its report written, then exit (never returns). */
async function runScenario(marker: string, run: () => Promise<{ report: string; ok: boolean }>): Promise<never> {
  const { report, ok } = await run();
  console.log(`\n${report}\n`);
  if (!args['no-write']) writeReport(root, marker, report);
  cleanup();
  process.exit(ok ? 0 : 1);
}
