// postinstall: guard postgres.js (3.4.x) against a crash when a connection dies with a write
// queued — upstream issues porsager/postgres#1066, #1154, #1208 (fix proposed in #1168/#1209,
// not released). Without it, terminating the server's database connections under load
// (pg_terminate_backend, a PostgreSQL restart, a proxy dropping connections) can throw
// "Cannot read properties of null (reading 'write')" from a setImmediate callback: an
// uncaughtException that kills the whole Node process, and the same bug can leave a pooled
// connection that never flushes again. tests/faults/db-faults.test.ts reproduces it.
//
// The patch, applied to the ESM, CommonJS and Workers copies:
//  - nextWrite() with no socket fails the waiting queries with CONNECTION_CLOSED (they become
//    503s) and drops the buffered bytes, instead of throwing;
//  - closed() and terminate() forget the cancelled write timer and its buffer, so the
//    connection can write again after it reconnects.
// Idempotent; does nothing (with a note) if the driver's code no longer matches.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkgDir = path.join(root, 'node_modules', 'postgres');
const MARK = '/* marketplace: null-socket guard */';

const replacements = [
  [
    /function nextWrite\(fn\) \{\n(\s*)const x = socket\.write\(chunk, fn\)/,
    (_m, indent) =>
      `function nextWrite(fn) {\n${indent}${MARK}\n${indent}if (!socket) {\n${indent}  nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n${indent}  chunk = nextWriteTimer = null\n${indent}  error(Errors.connection('CONNECTION_CLOSED', options))\n${indent}  return false\n${indent}}\n${indent}const x = socket.write(chunk, fn)`,
  ],
  [
    /(function terminate\(\) \{[\s\S]*?)clearImmediate\(nextWriteTimer\)\n/,
    (_m, head) => `${head}clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n`,
  ],
  [
    /(async function closed\(hadError\) \{[\s\S]*?)clearImmediate\(nextWriteTimer\)\n/,
    (_m, head) => `${head}clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n`,
  ],
];

function patch(file) {
  if (!fs.existsSync(file)) return 'missing';
  let text = fs.readFileSync(file, 'utf8');
  if (text.includes(MARK)) return 'already patched';
  for (const [re, fn] of replacements) {
    if (!re.test(text)) return 'code changed, not patched';
    text = text.replace(re, fn);
  }
  fs.writeFileSync(file, text);
  return 'patched';
}

if (fs.existsSync(pkgDir)) {
  const version = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version;
  for (const rel of ['src/connection.js', 'cjs/src/connection.js', 'cf/src/connection.js']) {
    const result = patch(path.join(pkgDir, rel));
    if (result !== 'already patched' && result !== 'missing') console.log(`postgres@${version} ${rel}: ${result}`);
  }
}
