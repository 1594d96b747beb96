import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// patches/postgres+3.4.9.patch (patch-package, at postinstall) guards postgres.js against crashing the process when
// a connection dies with a write queued; tests/faults/db-faults.test.ts shows why it matters.
describe('the postgres.js null-socket guard', () => {
  it('is applied to every copy of the driver the server may load', () => {
    const dir = path.resolve(import.meta.dirname, '../../node_modules/postgres');
    for (const rel of ['src/connection.js', 'cjs/src/connection.js']) {
      const text = fs.readFileSync(path.join(dir, rel), 'utf8');
      expect(text, `${rel}: run "npx patch-package"`).toContain('marketplace: null-socket guard');
    }
  });

  it('gives every copy its pool figures for /metrics (api/db/client.ts poolStats)', () => {
    const dir = path.resolve(import.meta.dirname, '../../node_modules/postgres');
    for (const rel of ['src/index.js', 'cjs/src/index.js']) {
      const text = fs.readFileSync(path.join(dir, rel), 'utf8');
      expect(text, `${rel}: run "npx patch-package"`).toContain('marketplace: pool stats');
    }
  });
});
