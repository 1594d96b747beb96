import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { FALLBACK_PAGE_CSP } from '../../api/constants/csp.ts';
import * as schema from '../../api/db/schema/index.ts';

/**
 * The server/browser boundary, checked on what the browser actually downloads: the client
 * bundles of the build this run serves (`astro build` runs before Playwright in npm test).
 * A browser module that imports a table, drizzle-orm, the database drivers, sharp or the
 * environment parser drags server code (and, with a table, its column names) into a chunk.
 */
const clientDir = path.resolve(process.env.ASTRO_OUT_DIR ?? 'dist', 'client');

function bundles(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.(m?js|html)$/.test(entry.name))
        out.push({ file: path.relative(clientDir, p), text: fs.readFileSync(p, 'utf8') });
    }
  };
  walk(clientDir);
  return out;
}

/**
 * Names only a table definition carries: every index and constraint name (users_email_key,
 * users_role_check…), taken from the schema itself so a new table is covered the day it is
 * added, and the password hash column. Other column names (created_at, plan_name…) are also
 * the API's field names, which browser code rightly uses.
 */
function tableMarkers(): string[] {
  const names = new Set<string>(['password_hash']);
  for (const value of Object.values(schema)) {
    if (!value || typeof value !== 'object' || !(Symbol.for('drizzle:IsDrizzleTable') in value)) continue;
    const config = getTableConfig(value as PgTable);
    for (const i of config.indexes) if (i.config.name) names.add(i.config.name);
    for (const c of config.checks) names.add(c.name);
    for (const u of config.uniqueConstraints) if (u.name) names.add(u.name);
    for (const f of config.foreignKeys) names.add(f.getName());
  }
  return [...names];
}

/** Strings that only server modules put in a bundle. */
const SERVER_MARKERS: { what: string; pattern: RegExp }[] = [
  { what: 'drizzle-orm entity symbols', pattern: /drizzle:(Name|Columns|IsDrizzleTable|entityKind|BaseName|Schema)/ },
  { what: 'drizzle-orm table classes', pattern: /\b(PgTable|PgColumn|PgDialect|PgDatabase)\b/ },
  {
    what: 'the postgres driver',
    pattern: /\bfrom\s*["']postgres["']|postgres\.js|ECONNREFUSED|\bPGlite\b|@electric-sql\/pglite/,
  },
  { what: 'sharp', pattern: /\bfrom\s*["']sharp["']|require\(["']sharp["']\)|libvips/ },
  { what: 'argon2 password hashing', pattern: /@node-rs\/argon2|\bargon2id\b/ },
  { what: 'a Node built-in import', pattern: /\bfrom\s*["']node:|import\(["']node:|require\(["']node:/ },
  { what: 'an environment read', pattern: /process\.env\b/ },
  {
    what: 'a server setting name',
    pattern:
      /\b(DATABASE_URL|DATA_DIR|SMTP_URL|S3_SECRET_ACCESS_KEY|S3_ACCESS_KEY_ID|ADMIN_PASSWORD|PAGE_CACHE_TTL_MS|RATE_LIMIT_SCALE)\b/,
  },
];

test.describe('server/browser boundary', () => {
  test('no client bundle carries server-only code', () => {
    const files = bundles();
    expect(files.length, `client bundles in ${clientDir}`).toBeGreaterThan(10);
    const markers = tableMarkers();
    expect(markers).toEqual(expect.arrayContaining(['password_hash', 'users_email_key']));
    const found: string[] = [];
    for (const { file, text } of files) {
      for (const m of markers) if (text.includes(m)) found.push(`${file}: table name ${m}`);
      for (const { what, pattern } of SERVER_MARKERS) {
        const hit = text.match(pattern);
        if (hit) found.push(`${file}: ${what} (${hit[0]})`);
      }
    }
    expect(found).toEqual([]);
  });

  test("a page's policy is the API's fallback policy plus the inline-script hashes", async ({ request }) => {
    const res = await request.get('/faqs');
    expect(res.status()).toBe(200);
    const directives = (policy: string) =>
      Object.fromEntries(
        policy
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter((d) => d[0])
          .map(([name, ...sources]) => [name, sources.filter((s) => !s.startsWith("'sha")).sort()]),
      );
    const page = res.headers()['content-security-policy'] ?? '';
    expect(page).toMatch(/'sha256-/);
    expect(directives(page)).toEqual(directives(FALLBACK_PAGE_CSP));
  });
});
