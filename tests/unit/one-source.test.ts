import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FALLBACK_PAGE_CSP,
  PAGE_CSP_DIRECTIVES,
  PAGE_SCRIPT_SOURCES,
  PAGE_STYLE_SOURCES,
} from '../../api/constants/csp.ts';
import { AD_PAGE_SIZE, MAX_PRICE } from '../../api/constants/limits.ts';
import { ZAdQuery } from '../../api/schemas/ad-query.ts';
import { apiQuery } from '../../src/components/ads/format.ts';
import { readBrowseFilters } from '../../src/lib/browse-filters.ts';

/**
 * Each rule is written once: these checks fail when a second copy appears (a constant typed
 * again, a raw environment read, a browser module that reaches server code).
 */
const root = path.resolve(import.meta.dirname, '../..');
const rel = (p: string) => path.relative(root, p);

function filesUnder(dir: string, test: (p: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (test(p)) out.push(p);
    }
  };
  walk(path.join(root, dir));
  return out;
}

const isSource = (p: string) => /\.(ts|tsx|astro|mjs)$/.test(p) && !/\.test\.ts$/.test(p);
const IMPORT_RE =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The modules a piece of code loads at run time (type-only imports vanish from bundles). */
function runtimeImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(IMPORT_RE)) {
    if (m[2]) continue;
    out.push((m[3] ?? m[4]) as string);
  }
  return out;
}

function resolveImport(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return null;
}

/** Server-only packages and api/ folders that a browser module must never load. */
const SERVER_PACKAGE =
  /^(node:|drizzle-orm|postgres$|sharp$|@electric-sql\/|@node-rs\/|nodemailer|@aws-sdk\/|sanitize-html|@fastify\/busboy|hono(?!\/client$))/;
const SERVER_MODULE =
  /^api\/(db|services|storage|mail|auth|middleware|routes|openapi)\/|^api\/(env|app|boot|context)\.ts$/;

describe('the server/browser boundary in the source', () => {
  it('the shared constant modules import nothing', () => {
    const files = filesUnder('api/constants', (p) => p.endsWith('.ts'));
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const f of files) expect(runtimeImports(fs.readFileSync(f, 'utf8')), rel(f)).toEqual([]);
  });

  it('no island, admin screen or page script reaches a server module', () => {
    const entries: { name: string; file: string; code: string }[] = [];
    for (const f of filesUnder('src', (p) => p.endsWith('.tsx'))) {
      entries.push({ name: rel(f), file: f, code: fs.readFileSync(f, 'utf8') });
    }
    for (const f of filesUnder('src', (p) => p.endsWith('.astro'))) {
      const text = fs.readFileSync(f, 'utf8');
      for (const m of text.matchAll(
        /<script(?![^>]*is:inline)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g,
      )) {
        entries.push({ name: `${rel(f)} <script>`, file: f, code: m[1] as string });
      }
    }
    expect(entries.length).toBeGreaterThan(20);
    const found = new Set<string>();
    for (const entry of entries) {
      const seen = new Set<string>();
      const stack: { file: string; code: string; chain: string[] }[] = [{ ...entry, chain: [entry.name] }];
      while (stack.length) {
        const { file, code, chain } = stack.pop() as (typeof stack)[number];
        for (const spec of runtimeImports(code)) {
          const target = spec.startsWith('.') ? resolveImport(file, spec) : null;
          if (SERVER_PACKAGE.test(spec) || (target && SERVER_MODULE.test(rel(target)))) {
            found.add([...chain, target ? rel(target) : spec].join(' -> '));
          } else if (target && !seen.has(target) && /\.(tsx?|mjs)$/.test(target)) {
            seen.add(target);
            stack.push({ file: target, code: fs.readFileSync(target, 'utf8'), chain: [...chain, rel(target)] });
          }
        }
      }
    }
    expect([...found]).toEqual([]);
  });
});

describe('one source for each rule', () => {
  it('astro.config.mjs takes its CSP from api/constants/csp.ts, the policy the API falls back to', async () => {
    const config = (await import('../../astro.config.mjs')).default;
    const csp = config.security?.csp;
    if (!csp || csp === true) throw new Error('astro.config.mjs has no security.csp object');
    expect(csp.directives).toEqual([...PAGE_CSP_DIRECTIVES]);
    expect(csp.scriptDirective?.resources).toEqual([...PAGE_SCRIPT_SOURCES]);
    expect(csp.styleDirective?.resources).toEqual([...PAGE_STYLE_SOURCES]);
    // The page policy Astro writes, without its hashes, is the API's fallback policy.
    const astroPolicy = [
      ...(csp.directives ?? []),
      `script-src ${(csp.scriptDirective?.resources ?? []).join(' ')}`,
      `style-src ${(csp.styleDirective?.resources ?? []).join(' ')}`,
    ];
    expect(new Set(astroPolicy)).toEqual(new Set(FALLBACK_PAGE_CSP.split('; ')));
  });

  it('only api/env.ts reads the environment in api/ and src/', () => {
    const readers = [...filesUnder('api', isSource), ...filesUnder('src', isSource)]
      .filter((f) => /process\.env\b/.test(fs.readFileSync(f, 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '')))
      .map(rel);
    expect(readers).toEqual(['api/env.ts']);
  });

  it('the price limit and the list page sizes are written only in api/constants/limits.ts', () => {
    const copies: string[] = [];
    for (const f of [...filesUnder('api', isSource), ...filesUnder('src', isSource)]) {
      if (rel(f) === 'api/constants/limits.ts') continue;
      const text = fs.readFileSync(f, 'utf8');
      if (/9_?999_?999_?999/.test(text)) copies.push(`${rel(f)}: a price limit`);
      const size = text.match(/\bPAGE_SIZE\s*=\s*\d+/);
      if (size) copies.push(`${rel(f)}: ${size[0]}`);
    }
    expect(copies).toEqual([]);
  });
});

describe('the browse page reads its filters with the API query schema', () => {
  const apiAccepts = (query: string) => ZAdQuery.safeParse(Object.fromEntries(new URLSearchParams(query))).success;

  it('keeps the largest price the database holds, which the API also accepts', () => {
    const f = readBrowseFilters(new URLSearchParams(`pminPrice=1&pmaxPrice=${MAX_PRICE}`));
    expect(f.maxPrice).toBe('9999999999.99');
    expect(apiAccepts(apiQuery(f, AD_PAGE_SIZE))).toBe(true);
    expect(readBrowseFilters(new URLSearchParams('pmaxPrice=10000000000')).maxPrice).toBe('');
  });

  it('drops each value the API would refuse and keeps the others', () => {
    const f = readBrowseFilters(
      new URLSearchParams('psearchKeyword=%20lamp%20&pminPrice=abc&pmaxPrice=90&sort=price-desc&page=100001'),
    );
    expect(f).toEqual({
      search: 'lamp',
      category: '',
      minPrice: '',
      maxPrice: '90',
      sort: 'price-desc',
      page: 1,
      near: '',
      nearLabel: '',
      radius: '',
    });
  });

  it('turns any page URL into filters whose API query the API accepts', () => {
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('', '0', '1', '-1', '2.5', '1e3', '9999999999.99', 'all', 'price-asc'),
    );
    fc.assert(
      fc.property(
        fc.record(
          {
            psearchKeyword: value,
            pselectedCategory: value,
            pminPrice: value,
            pmaxPrice: value,
            sort: value,
            page: value,
          },
          { requiredKeys: [] },
        ),
        (params) => {
          const f = readBrowseFilters(new URLSearchParams(params as Record<string, string>));
          return apiAccepts(apiQuery(f, AD_PAGE_SIZE));
        },
      ),
      { numRuns: 500 },
    );
  });
});
