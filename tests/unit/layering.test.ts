import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layering rules of docs/ARCHITECTURE.md, checked on the imports of every source file.
 * A rule lists the files that still break it (`known`): the list may only shrink. A new file
 * that breaks a rule, or a listed file that no longer does (drop it from the list), fails.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(rel));
    else if (/\.(ts|tsx|astro|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

/** The modules a file imports (static, dynamic and re-exports), relative ones resolved from the repository root. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1] as string);
  return specs.map((s) => (s.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), s)) : s));
}

type TRule = { name: string; files: string[]; forbidden: RegExp; known: string[] };

const RULES: TRule[] = [
  {
    name: 'services never import middleware (shared pieces belong in api/lib)',
    files: filesUnder('api/services'),
    forbidden: /^api\/middleware\//,
    known: [],
  },
  {
    name: 'api/lib never imports middleware, routes or services',
    files: filesUnder('api/lib'),
    forbidden: /^api\/(middleware|routes|services)\//,
    known: [],
  },
  {
    name: 'schemas import zod and constants, never a table or a service',
    files: filesUnder('api/schemas'),
    forbidden: /^api\/(db|services|middleware|routes)\//,
    known: [],
  },
  {
    name: 'the API never imports Astro',
    files: filesUnder('api'),
    forbidden: /^astro(:|$|\/)/,
    known: [],
  },
  {
    name: 'browser code (islands, the admin app) never imports server modules',
    files: [...filesUnder('src/admin'), ...filesUnder('src/components')].filter((f) => /\.(ts|tsx)$/.test(f)),
    forbidden: /^api\/(services|db|middleware|jobs|mail|storage|auth|routes)\//,
    known: [],
  },
  {
    name: 'the site server never imports the site itself (src/, astro:*): it gets Astro from the build',
    files: filesUnder('server'),
    forbidden: /^(src\/|astro(:|$|\/))/,
    known: [],
  },
  {
    name: 'the API never imports the site server (server/ sits on top of it)',
    files: filesUnder('api'),
    forbidden: /^server\//,
    known: [],
  },
];

describe('layering', () => {
  for (const rule of RULES) {
    it(rule.name, () => {
      const breaking = rule.files.filter((f) => importsOf(f).some((i) => rule.forbidden.test(i))).sort();
      expect(
        breaking.filter((f) => !rule.known.includes(f)),
        'new files breaking the rule',
      ).toEqual([]);
      expect(
        rule.known.filter((f) => !breaking.includes(f)),
        'listed files that keep the rule now: drop them from the list',
      ).toEqual([]);
    });
  }
});
