// npm test: every check and test, in the order that keeps both cores of CI busy.
// 1. At once: the linter, the production build, the type-check (once the build has written
//    Astro's generated types: both write them, and tsc must not read a half-written file) and
//    the browser suite's seeded demo database (scripts/e2e.mjs, E2E_SEEDED). Each of these runs
//    on one core; one after the other they cost about a minute of wall time.
// 2. Vitest (every project), on both cores.
// 3. The browser suite on that build (scripts/e2e.mjs, which seeds nothing more).
// Each step's output is printed when it ends, as a whole; the first failing phase ends the run.
import { spawn } from 'node:child_process';

const TEMPLATE = 'data/e2e-template';

/** Runs `command` (a shell line); resolves with its exit code, output and duration. `onLine`
 * sees each line of its output as it comes; `live` prints the output as it comes. */
function run(label, command, { env = {}, live = false, onLine } = {}) {
  const started = Date.now();
  const child = spawn(command, {
    shell: true,
    env: { ...process.env, ...env },
    stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
  });
  const out = [];
  if (!live) {
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        out.push(chunk);
        if (onLine) for (const line of chunk.split('\n')) onLine(line);
      });
    }
  }
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!live) process.stdout.write(`\n── ${label} (${seconds} s) ──\n${out.join('')}`);
      console.log(`── ${label}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
      resolve({ label, code: code ?? (signal ? 1 : 0), seconds });
    }),
  );
}

const times = [];
const started = Date.now();
function finish(failed) {
  console.log(`\n${times.map((t) => `${t.label}: ${t.seconds} s`).join(', ')}`);
  console.log(`npm test ${failed ? 'FAILED' : 'passed'} in ${Math.round((Date.now() - started) / 1000)} s.`);
  process.exit(failed ? 1 : 0);
}

// Phase 1. The type-check starts when the build has generated Astro's types (or has ended).
let typesReady;
const typesGenerated = new Promise((resolve) => {
  typesReady = resolve;
});
const build = run('build', 'npm run build', { onLine: (line) => /\[types\] Generated/.test(line) && typesReady() });
build.then(() => typesReady());
const phase1 = await Promise.all([
  run('lint', 'npm run lint'),
  build,
  typesGenerated.then(() => run('check', 'tsc --noEmit -p tsconfig.json')),
  run('seed the browser suite’s database', `rm -rf ${TEMPLATE} && node --experimental-strip-types scripts/seed.ts`, {
    env: { DATA_DIR: TEMPLATE, DATABASE_URL: '' },
  }),
]);
times.push(...phase1);
if (phase1.some((r) => r.code !== 0)) finish(true);

const unit = await run('vitest', 'vitest run', { live: true });
times.push(unit);
if (unit.code !== 0) finish(true);

const e2e = await run('browser suite', 'node scripts/e2e.mjs', { live: true, env: { E2E_SEEDED: '1' } });
times.push(e2e);
finish(e2e.code !== 0);
