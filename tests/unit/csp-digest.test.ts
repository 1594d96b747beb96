import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withSyncCspDigest } from '../../scripts/lib/vite-sync-csp-digest.mjs';

// astro.config.mjs swaps Astro's WebCrypto CSP digest for Node's synchronous one
// (scripts/lib/vite-sync-csp-digest.mjs). An Astro upgrade that changes the function fails here
// instead of silently losing the change.
const encryption = path.resolve(import.meta.dirname, '../../node_modules/astro/dist/core/encryption.js');

describe('the synchronous CSP digest', () => {
  it("applies to the installed Astro and hashes exactly as Astro's own", async () => {
    const code = fs.readFileSync(encryption, 'utf8');
    const patched = withSyncCspDigest(code);
    expect(patched, "Astro's generateCspDigest changed: see scripts/lib/vite-sync-csp-digest.mjs").not.toBeNull();
    const dir = path.dirname(encryption);
    const file = path.join(dir, `encryption.sync-test-${process.pid}.mjs`);
    fs.writeFileSync(file, patched as string);
    try {
      const sync = await import(file);
      const astro = await import(encryption);
      for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
        for (const text of ['', 'console.log("é ✓")', 'x'.repeat(10_000)]) {
          expect(await sync.generateCspDigest(text, algorithm)).toBe(await astro.generateCspDigest(text, algorithm));
        }
      }
    } finally {
      fs.rmSync(file);
    }
  });
});
