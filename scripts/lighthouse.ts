// npm run lighthouse: start the real server on a fresh embedded database with the demo content,
// run Lighthouse (mobile, the default form factor) in Chromium against the home page, one ad
// page, /category and /about-us, and print the four category scores plus the JavaScript each
// page transfers.
//
//   npm run lighthouse                  builds into $ASTRO_OUT_DIR (default dist) when needed
//   npm run lighthouse -- --strict      exit non-zero when any category scores below 95
//   options: --port 4600 (default: a free one)  --chrome /usr/bin/chromium (or $CHROME_PATH)
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, startSite, waitForOk } from './lib/measured-server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const { values: args } = parseArgs({
  options: {
    strict: { type: 'boolean', default: false },
    port: { type: 'string', default: '0' },
    chrome: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
  },
});

const THRESHOLD = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

function log(msg: string) {
  console.log(`[lighthouse] ${msg}`);
}

const PORT = Number(args.port) || (await freePort());
const site = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-data-'));
let server: ChildProcess | null = null;
let chrome: chromeLauncher.LaunchedChrome | null = null;

function cleanup() {
  if (server && server.exitCode === null) server.kill('SIGTERM');
  server = null;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

// 1. The server: scripts/start.mjs builds when the sources are newer than the build, migrates
//    and seeds the demo content into the empty DATA_DIR.
server = startSite(PORT, { ASTRO_OUT_DIR: process.env.ASTRO_OUT_DIR ?? 'dist', DATA_DIR: dataDir, DATABASE_URL: '' });
let announced = false;
server.stdout?.on('data', (d: Buffer) => {
  if (!announced && /Building the site/.test(String(d))) log('building the site first …');
  announced ||= /Building the site/.test(String(d));
});

type TAudit = { id: string; title: string; score: number | null; scoreDisplayMode: string };
type TRow = {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  jsBytes: number;
  failing: { category: string; audits: TAudit[] }[];
};

const rows: TRow[] = [];
try {
  await waitForOk(`${site}/readyz`, [server]);
  log(`server ready at ${site} (embedded database in ${dataDir})`);

  const list = (await (await fetch(`${site}/api/all-ads?limit=1`)).json()) as { ads?: { slug: string }[] };
  const adSlug = list.ads?.[0]?.slug;
  if (!adSlug) throw new Error('GET /api/all-ads?limit=1 returned no ad to audit');
  const pages = ['/', `/add-details/${adSlug}`, '/category', '/about-us'];
  for (const p of pages) {
    const res = await fetch(site + p);
    if (!res.ok) throw new Error(`${p} answered ${res.status}`);
  }

  // 2. Lighthouse in a fresh Chromium per page (a reused browser now and then loses the trace:
  //    NO_NAVSTART); a page whose run still fails is tried once more.
  const audit = async (url: string) => {
    chrome = await chromeLauncher.launch({
      chromePath: args.chrome,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error('Lighthouse returned nothing');
      if (result.lhr.runtimeError)
        throw new Error(`${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      return result.lhr;
    } finally {
      await chrome.kill();
      chrome = null;
    }
  };
  for (const p of pages) {
    log(`auditing ${p} …`);
    const lhr = await audit(site + p).catch((e: Error) => {
      log(`${p}: ${e.message}; trying once more`);
      return audit(site + p);
    });
    const scores = {} as TRow['scores'];
    const failing: TRow['failing'] = [];
    for (const id of CATEGORIES) {
      const cat = lhr.categories[id];
      const score = Math.round((cat?.score ?? 0) * 100);
      scores[id] = score;
      if (score < THRESHOLD && cat) {
        const audits = cat.auditRefs
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id] as TAudit)
          .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative');
        failing.push({ category: id, audits });
      }
    }
    const summary = lhr.audits['resource-summary']?.details as
      | { items?: { resourceType: string; transferSize: number }[] }
      | undefined;
    const jsBytes = summary?.items?.find((i) => i.resourceType === 'script')?.transferSize ?? 0;
    rows.push({ page: p, scores, jsBytes, failing });
  }
} finally {
  if (chrome) await chrome.kill();
  cleanup();
}

// 3. Report ------------------------------------------------------------------------------------
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  [
    '',
    '| page | performance | accessibility | best-practices | SEO | JS transferred |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${CATEGORIES.map((c) => r.scores[c]).join(' | ')} | ${kb(r.jsBytes)} (${r.jsBytes.toLocaleString('en')} B) |`,
    ),
    '',
  ].join('\n'),
);
const below = rows.filter((r) => r.failing.length);
for (const r of below) {
  for (const f of r.failing) {
    console.log(`${r.page}: ${f.category} ${r.scores[f.category as (typeof CATEGORIES)[number]]} < ${THRESHOLD}`);
    for (const a of f.audits) console.log(`  - ${a.id} (${Math.round((a.score ?? 0) * 100)}): ${a.title}`);
  }
}
if (!below.length) console.log(`Every category on every page scored ${THRESHOLD} or more.`);
process.exit(args.strict && below.length ? 1 : 0);
