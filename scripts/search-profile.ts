// One search at a time, no server: the bench's search mix (scripts/lib/search-mix.ts) sent
// straight to listAds on DATABASE_URL's database, with each search's time and the slowest
// ones printed. Shows what the list query costs before any HTTP or concurrency.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench node --experimental-strip-types scripts/search-profile.ts
//   options (environment): N=300 searches, CC=1 with the sidebar's category counts (as the home page),
//   MIX=file: replay the searches listed in that file, or write this run's there (comparing changes),
//   SHAPE=none|counted|past the cap: list every search of that shape with its time,
//   SORT=distance (or another sort): only the mix's searches of that sort,
//   REPEAT=3: run each search that many times and keep its fastest (comparing code on a busy machine)
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { db } from '../api/db/client.ts';
import type { TAdSort } from '../api/schemas/ad-query.ts';
import { listAds } from '../api/services/search/list-ads.ts';
import { mixPath } from './lib/search-mix.ts';

const N = Number(process.env.N ?? 300);

async function column(query: ReturnType<typeof sql>): Promise<string[]> {
  const result = (await db().execute(query)) as unknown as { rows?: { v: string }[] } & { v: string }[];
  return (result.rows ?? result).map((r) => r.v);
}

const headings = await column(sql`SELECT heading AS v FROM ads TABLESAMPLE SYSTEM (0.2) LIMIT 800`);
const words = [
  ...new Set(
    headings.flatMap((h) =>
      h
        .toLowerCase()
        .split(/[^\p{L}]+/u)
        .filter((w) => w.length >= 3),
    ),
  ),
];
const categories = await column(sql`SELECT slug AS v FROM categories`);
// The near searches measure from the biggest place of each of the mix's cities (search-mix.ts).
const places = (
  await column(sql`SELECT DISTINCT ON (name) id::text AS v FROM places
    WHERE name IN ('Austin', 'Denver', 'Chicago', 'Seattle', 'Miami', 'Boston', 'Phoenix', 'Houston', 'Richmond', 'Dallas')
    ORDER BY name, population DESC`)
).map(Number);
console.log(`${words.length} words, ${categories.length} categories`);

const mixFile = process.env.MIX;
const paths =
  mixFile && fs.existsSync(mixFile)
    ? fs.readFileSync(mixFile, 'utf8').split('\n').filter(Boolean)
    : Array.from({ length: N }, () => mixPath('api', words, categories, places));
if (mixFile && !fs.existsSync(mixFile)) fs.writeFileSync(mixFile, `${paths.join('\n')}\n`);

const onlySort = process.env.SORT;
const repeat = Math.max(1, Number(process.env.REPEAT ?? 1));
const times: { ms: number; path: string; total: number | string }[] = [];
const cpuBefore = process.cpuUsage();
for (const path of paths.filter(
  (p) => !onlySort || new URL(p, 'http://localhost').searchParams.get('sort') === onlySort,
)) {
  let fastest: (typeof times)[number] | undefined;
  for (let run = 0; run < repeat; run++) {
    const t = await timeSearch(path);
    if (!fastest || t.ms < fastest.ms) fastest = t;
  }
  times.push(fastest as (typeof times)[number]);
}

/** One search of the mix through listAds, timed. */
async function timeSearch(path: string) {
  const p = new URL(path, 'http://localhost').searchParams;
  const number = (name: string) => (p.has(name) ? Number(p.get(name)) : undefined);
  const started = performance.now();
  let total: number | string;
  try {
    const r = await listAds({
      page: number('page') ?? 1,
      limit: number('limit') ?? 10,
      search: p.get('search') ?? undefined,
      category: p.get('category') ?? '',
      sort: (p.get('sort') ?? '') as TAdSort,
      minPrice: number('min_price'),
      maxPrice: number('max_price'),
      near: p.has('near') ? { kind: 'place', id: Number(p.get('near')) } : undefined,
      radiusKm: number('radius_km'),
      withCategoryCounts: process.env.CC === '1',
    });
    total = r.totalCapped ? `${r.total}+` : r.total;
  } catch (err) {
    total = (err as Error).message;
  }
  return { ms: performance.now() - started, path, total };
}
const sorted = [...times].sort((a, b) => a.ms - b.ms);
const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.ms ?? 0).toFixed(1);
const mean = sorted.reduce((sum, t) => sum + t.ms, 0) / sorted.length;
const cpu = process.cpuUsage(cpuBefore);
const cpuPerSearch = (cpu.user + cpu.system) / 1000 / (sorted.length * repeat);
const sum = sorted.reduce((total, t) => total + t.ms, 0);
console.log(`${sorted.length} searches, ${sum.toFixed(1)} ms in all`);
console.log(`ms: p50 ${at(0.5)}  p90 ${at(0.9)}  p95 ${at(0.95)}  p99 ${at(0.99)}  mean ${mean.toFixed(1)}`);
console.log(
  `this process's CPU per search (the service and the driver, not the database): ${cpuPerSearch.toFixed(2)} ms`,
);
// Where the time goes by the search's shape: past the cap or not (or nothing found), and its sort.
const shapes = new Map<string, number[]>();
for (const t of times) {
  const found =
    typeof t.total === 'string' ? (t.total.endsWith('+') ? 'past the cap' : 'error') : t.total ? 'counted' : 'none';
  const q = new URL(t.path, 'http://localhost').searchParams;
  const sort = q.get('sort') || 'newest';
  const key = `${q.has('near') ? 'near, ' : ''}${found}, ${sort}`;
  shapes.set(key, [...(shapes.get(key) ?? []), t.ms]);
}
console.log('by shape (searches, mean ms, share of all the time):');
const all = times.reduce((sum, t) => sum + t.ms, 0);
for (const [key, ms] of [...shapes].sort((a, b) => a[0].localeCompare(b[0]))) {
  const sum = ms.reduce((s, x) => s + x, 0);
  console.log(
    `  ${key.padEnd(32)} ${String(ms.length).padStart(4)}  ${(sum / ms.length).toFixed(1).padStart(6)}  ${((sum / all) * 100).toFixed(0).padStart(3)}%`,
  );
}
// SHAPE=none (or counted, past the cap): every search of that shape, slowest first.
const shape = process.env.SHAPE;
if (shape) {
  console.log(`${shape}:`);
  for (const t of [...times].sort((a, b) => b.ms - a.ms)) {
    const found =
      typeof t.total === 'string' ? (t.total.endsWith('+') ? 'past the cap' : 'error') : t.total ? 'counted' : 'none';
    if (found === shape) console.log(`  ${t.ms.toFixed(1)} ms  ${t.total}  ${decodeURIComponent(t.path)}`);
  }
}
console.log('slowest:');
for (const t of sorted.slice(-10)) console.log(`  ${t.ms.toFixed(1)} ms  ${t.total}  ${decodeURIComponent(t.path)}`);
process.exit(0);
