import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { patchAstroModule } from '../../scripts/lib/vite-astro-patches.mjs';

// astro.config.mjs changes a few lines of Astro's server code in the build
// (scripts/lib/vite-astro-patches.mjs). An upgrade that changes either fails here instead of
// silently losing the change.
const modules = path.resolve(import.meta.dirname, '../../node_modules');
const encryption = path.join(modules, 'astro/dist/core/encryption.js');
const reactServer = path.join(modules, '@astrojs/react/dist/server.js');
const serialize = path.join(modules, 'astro/dist/runtime/server/serialize.js');
const component = path.join(modules, 'astro/dist/runtime/server/render/component.js');

/** Imports `patched` as a module beside `original` (so its relative imports resolve), then removes it. */
async function importPatched(original: string, patched: string | null | undefined) {
  expect(patched, `${path.relative(modules, original)} changed`).toEqual(expect.any(String));
  const file = path.join(path.dirname(original), `${path.basename(original, '.js')}.patch-test-${process.pid}.mjs`);
  fs.writeFileSync(file, patched as string);
  try {
    return await import(file);
  } finally {
    fs.rmSync(file);
  }
}

describe('the patches of Astro in the build', () => {
  it("hash CSP sources synchronously, exactly as Astro's own WebCrypto digest", async () => {
    const sync = await importPatched(encryption, patchAstroModule(encryption, fs.readFileSync(encryption, 'utf8')));
    const astro = await import(encryption);
    for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
      for (const text of ['', 'console.log("é ✓")', 'x'.repeat(10_000)]) {
        expect(await sync.generateCspDigest(text, algorithm)).toBe(await astro.generateCspDigest(text, algorithm));
      }
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

  it("serialize an island's props once, exactly as Astro does", async () => {
    const patched = await importPatched(serialize, patchAstroModule(serialize, fs.readFileSync(serialize, 'utf8')));
    const astro = await import(serialize);
    const props = {
      ads: [{ id: 1, heading: 'Bike <b>&</b> "helmet"', created_at: new Date(0), tags: new Set(['a']) }],
      total: 1,
      categories: new Map([['cars', 3]]),
    };
    const once = patched.serializeProps(props, {});
    expect(once).toBe(astro.serializeProps(props, {}));
    // The second call (the island's `props` attribute) gets the same text without walking again.
    props.total = 2;
    expect(patched.serializeProps(props, {})).toBe(once);
    // Other props are serialized afresh.
    expect(patched.serializeProps({ total: 2 }, {})).toBe(astro.serializeProps({ total: 2 }, {}));
  });

  it("hash an island's component and props for its id with Node's SHA-1", () => {
    const patched = patchAstroModule(component, fs.readFileSync(component, 'utf8'));
    expect(patched, 'astro/dist/runtime/server/render/component.js changed').toEqual(expect.any(String));
    expect(patched).toMatch(
      /const astroId = __islandHash\(`<!--\$\{metadata\.componentExport\.value\}:\$\{metadata\.componentUrl\}-->\n\$\{serializeProps\(/,
    );
    expect(patched).not.toContain('shorthash(');
  });

  it('leave every other module alone', () => {
    expect(patchAstroModule('/x/node_modules/astro/dist/core/render.js', 'code')).toBeUndefined();
    expect(patchAstroModule(encryption, 'export {}')).toBeNull();
  });
});
