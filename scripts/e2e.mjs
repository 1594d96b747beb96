// The browser suite (npm run test:e2e, after the build). The specs that share the site server
// run as E2E_SHARDS Playwright runs at once, each with its own server and embedded database
// on its own port. A second run fills the gaps while the first waits (typing pauses, mail, live
// updates); a third was no faster on two cores (docs/decisions/0010). Then the specs that time
// the server under load or start servers of their own (playwright.config.ts, ALONE) run with
// nothing beside them.
// The demo database is migrated and seeded once, into TEMPLATE, and each of those servers
// starts on a copy of it: the seeding costs about as much CPU as a shard's first minute.
// Arguments (spec files, --grep …) make it one plain Playwright run of just those.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const args = process.argv.slice(2);
const SHARDS = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
/** From E2E_PORT (default 4510), far apart: the server specs start extra servers at ports up to
 * ~50 above their own. */
const BASE_PORT = Number(process.env.E2E_PORT ?? 4510);
const portOf = (i) => BASE_PORT + 100 * i;

/** Each labelled run's failures and closing summary, printed again at the very end: CI keeps
 * only the tail of the output, and a shard's failure would otherwise scroll out of it. */
const recap = [];

/** Whether a line of Playwright's output belongs in the recap; `state` follows one run. */
function recapLine(line, state) {
  if (/^\s+\d+ (failed|flaky|interrupted|did not run|skipped|passed)\b/.test(line)) state.summary = true;
  if (state.summary) return true;
  if (/^\s+\d+\) \S+\.spec\.ts:/.test(line)) {
    state.error = true;
    return true;
  }
  if (state.error && /Error|Timeout|expect\(/.test(line)) {
    state.error = false;
    return true;
  }
  return false;
}

/** Resolves with a child's exit code (1 when a signal ended it). */
function exitCodeOf(child) {
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

function playwright(extra, env, label) {
  const child = spawn('npx', ['playwright', 'test', ...extra], {
    env: { ...process.env, ...env },
    stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (label) {
    // Lines of runs side by side, each told apart by its label.
    const state = { summary: false, error: false };
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          if (!line.trim()) continue;
          process.stdout.write(`[${label}] ${line}\n`);
          if (recapLine(line, state)) recap.push(`[${label}] ${line}`);
        }
      });
      stream.on('end', () => rest.trim() && process.stdout.write(`[${label}] ${rest}\n`));
    }
  }
  return exitCodeOf(child);
}

if (args.length) process.exit(await playwright(args, {}));

const TEMPLATE = 'data/e2e-template';

/** Migrates and seeds the demo database into TEMPLATE (npm run seed); resolves with its exit code. */
function seedTemplate() {
  fs.rmSync(TEMPLATE, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--experimental-strip-types', 'scripts/seed.ts'], {
    env: { ...process.env, DATA_DIR: TEMPLATE, DATABASE_URL: '' },
    stdio: 'inherit',
  });
  return exitCodeOf(child);
}

const started = Date.now();
// E2E_SEEDED=1: the caller has seeded TEMPLATE already (scripts/test.mjs, beside the build).
if (process.env.E2E_SEEDED !== '1' && (await seedTemplate()) !== 0) {
  console.error(`Seeding the demo database for the browser suite (${TEMPLATE}) failed.`);
  process.exit(1);
}
const shards = await Promise.all(
  Array.from({ length: SHARDS }, (_, i) =>
    playwright(
      [`--shard=${i + 1}/${SHARDS}`],
      { E2E_GROUP: 'shared', E2E_PORT: String(portOf(i)), E2E_TEMPLATE: TEMPLATE },
      SHARDS > 1 ? `shard ${i + 1}/${SHARDS}` : '',
    ),
  ),
);
const alone = await playwright([], { E2E_GROUP: 'alone', E2E_PORT: String(portOf(0)), E2E_TEMPLATE: TEMPLATE });
const failed = shards.filter((c) => c !== 0).length + (alone !== 0 ? 1 : 0);
if (recap.length) console.log(`\nThe shards, again:\n${recap.join('\n')}`);
console.log(
  `Browser suite: ${SHARDS} shards, then the server specs, in ${Math.round((Date.now() - started) / 1000)} s.`,
);
process.exit(failed ? 1 : 0);
