import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Small pieces (docs/ARCHITECTURE.md, Layering rules): no source file in src/, api/ or server/
 * over 400 lines, and no function or component over 150. Functions still over the bound are
 * listed in `KNOWN_LONG` (file and name): the list may only shrink. A new long function, or a
 * listed one that got short (drop it from the list), fails.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 150;

const KNOWN_LONG = [
  'api/lib/multipart.ts: streamParts',
  'api/services/search/summarize-matches.ts: summarizeMatches',
  'src/admin/routes/message-thread.tsx: MessageThread',
  'src/admin/routes/moderation.tsx: Moderation',
  'src/admin/routes/settings.tsx: Settings',
  'src/components/ads/AdBrowser.tsx: AdBrowser',
  'src/components/ads/FilterPanel.tsx: FilterPanel',
];

function sourcesUnder(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourcesUnder(rel));
    else if (/\.(ts|tsx|astro|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

const SOURCES = ['src', 'api', 'server'].flatMap(sourcesUnder).filter((f) => !f.endsWith('.d.ts'));
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** The name a function goes by: its own, its variable's, its property's, or its method's. */
function nameOf(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))) return parent.name.getText();
  if (parent && ts.isCallExpression(parent)) return `${nameOf(parent)} (callback)`;
  return '(anonymous)';
}

/** Every function, arrow function and method of a TypeScript file longer than the bound. */
function longFunctions(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last - first + 1 > MAX_FUNCTION_LINES) found.push(`${file}: ${nameOf(node)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// Parsing every source file takes a second or two alone, many more beside a busy suite.
describe('sizes', { timeout: 120_000 }, () => {
  it(`no source file in src/, api/ or server/ is over ${MAX_FILE_LINES} lines`, () => {
    const long = SOURCES.filter((f) => lineCount(fs.readFileSync(path.join(ROOT, f), 'utf8')) > MAX_FILE_LINES);
    expect(long).toEqual([]);
  });

  it(`no function or component is over ${MAX_FUNCTION_LINES} lines (the known ones may only shrink)`, () => {
    const long = SOURCES.filter((f) => /\.(ts|tsx|mjs)$/.test(f))
      .flatMap(longFunctions)
      .sort();
    expect(
      long.filter((f) => !KNOWN_LONG.includes(f)),
      'new functions over the bound',
    ).toEqual([]);
    expect(
      KNOWN_LONG.filter((f) => !long.includes(f)),
      'listed functions now within the bound: drop them from the list',
    ).toEqual([]);
  });
});
