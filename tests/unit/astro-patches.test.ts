import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { patchAstroModule } from '../../scripts/lib/vite-astro-patches.mjs';

// astro.config.mjs changes two lines of Astro's server code in the build
// (scripts/lib/vite-astro-patches.mjs). An upgrade that changes either fails here instead of
// silently losing the change.
const modules = path.resolve(import.meta.dirname, '../../node_modules');
const encryption = path.join(modules, 'astro/dist/core/encryption.js');
const reactServer = path.join(modules, '@astrojs/react/dist/server.js');

describe('the patches of Astro in the build', () => {
  it("hash CSP sources synchronously, exactly as Astro's own WebCrypto digest", async () => {
    const patched = patchAstroModule(encryption, fs.readFileSync(encryption, 'utf8'));
    expect(patched, 'astro/dist/core/encryption.js changed').toEqual(expect.any(String));
    const file = path.join(path.dirname(encryption), `encryption.patch-test-${process.pid}.mjs`);
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

  it("give React's string renderer the island's useId prefix", () => {
    const code = fs.readFileSync(reactServer, 'utf8');
    const patched = patchAstroModule(reactServer, code);
    expect(patched, '@astrojs/react/dist/server.js changed').toEqual(expect.any(String));
    expect(patched).toContain('ReactDOM.renderToString(vnode, renderOptions)');
    // The options it passes are the ones the streaming renderers get: the island's prefix.
    expect(code).toMatch(/const renderOptions = \{\s*identifierPrefix: prefix/);
  });

  it('leave every other module alone', () => {
    expect(patchAstroModule('/x/node_modules/astro/dist/core/render.js', 'code')).toBeUndefined();
    expect(patchAstroModule(encryption, 'export {}')).toBeNull();
  });
});
