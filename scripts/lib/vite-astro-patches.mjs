// Build steps (astro.config.mjs) that change a few lines of Astro's server code in the bundle.
// Each names the exact text it replaces; when an upgrade changes it, the build fails with the
// module's name (and tests/unit/astro-patches.test.ts fails too), so a patch is never dropped
// silently. Four patches, listed here; decision 0025 says how library patches are kept.
//
// 1. The Content-Security-Policy hashes, with Node's synchronous SHA digest instead of
//    WebCrypto's. Astro hashes every inline script and style of a page again on every request,
//    and each WebCrypto digest is a trip to the thread pool and back: about 0.3 ms of the
//    server's time a page under the bench's home page mix (docs/PERFORMANCE.md), for digests of
//    a few kB that take microseconds. Same algorithm over the same UTF-8 bytes.
// 2. React islands rendered to a string (astro.config.mjs: experimentalDisableStreaming) keep
//    the island's useId prefix. @astrojs/react passes it to its streaming renderers only, while
//    the browser hydrates with it (the island's `prefix` attribute): without it every id a
//    component makes with useId (a label's `for`, an `aria-labelledby`) differs between the
//    server's HTML and the hydrated island.
// 3. An island's props are serialized once, not twice. Astro serializes them for the island's
//    id (a hash of its HTML and props) and again for its `props` attribute: the home page's
//    island holds the first page of ads, about 8 kB of props, walked value by value each time.
// 4. The island's id (its `uid` attribute) is a SHA-1 of its component and props (Node's native
//    digest, the first 10 base64url characters) instead of Astro's shorthash, a JavaScript loop,
//    over those and the island's whole HTML (about 56 kB on the home page: 177 µs a page for the
//    loop alone). The id only tells islands apart in a page; nothing in Astro or here reads it.

/** A replacement of `from` (a regular expression) by `to` in the module whose path ends with `file`. */
const PATCHES = [
  {
    name: 'sync CSP digest',
    file: /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/,
    from: /async function generateCspDigest\(data, algorithm\) \{\s*const hashBuffer = await crypto\.subtle\.digest\(algorithm, encoder\.encode\(data\)\);\s*const hash = encodeBase64\(new Uint8Array\(hashBuffer\)\);/,
    to: `async function generateCspDigest(data, algorithm) {
  const hash = __nodeCreateHash(algorithm.replace('-', '').toLowerCase()).update(data, 'utf8').digest('base64');`,
    prelude: "import { createHash as __nodeCreateHash } from 'node:crypto';\n",
  },
  {
    name: 'island id prefix',
    file: /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/,
    from: /html = ReactDOM\.renderToString\(vnode\);/,
    to: 'html = ReactDOM.renderToString(vnode, renderOptions);',
    prelude: '',
  },
  {
    name: 'props serialized once',
    file: /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]serialize\.js$/,
    from: /function serializeProps\(props, metadata\) \{\s*const serialized = JSON\.stringify\(serializeObject\(props, metadata\)\);\s*return serialized;\s*\}/,
    to: `const __serializedProps = new WeakMap();
function serializeProps(props, metadata) {
  const cacheable = typeof props === 'object' && props !== null;
  let serialized = cacheable ? __serializedProps.get(props) : undefined;
  if (serialized === undefined) {
    serialized = JSON.stringify(serializeObject(props, metadata));
    if (cacheable) __serializedProps.set(props, serialized);
  }
  return serialized;
}`,
    prelude: '',
  },
  {
    name: 'native island id',
    file: /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]component\.js$/,
    from: /const astroId = shorthash\(\s*`<!--\$\{metadata\.componentExport\.value\}:\$\{metadata\.componentUrl\}-->\n\$\{html\}\n/,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Astro's source text, written into its module
    to: 'const astroId = __islandHash(`<!--${metadata.componentExport.value}:${metadata.componentUrl}-->\n',
    prelude: `import { createHash as __islandCreateHash } from 'node:crypto';
const __islandHash = (text) => __islandCreateHash('sha1').update(text).digest('base64url').slice(0, 10);
`,
  },
];

/**
 * `code` of the module at `id` with its patch applied; undefined when no patch is for that
 * module; null when one is but its text is not there (an upgrade changed it).
 */
export function patchAstroModule(id, code) {
  const patch = PATCHES.find((p) => p.file.test(id));
  if (!patch) return undefined;
  if (!patch.from.test(code)) return null;
  return patch.prelude + code.replace(patch.from, patch.to);
}

/** The Vite plugin: applies patchAstroModule to the server build's modules. */
export function astroPatches() {
  return {
    name: 'marketplace:astro-patches',
    transform(code, id, options) {
      if (!options?.ssr) return null;
      const out = patchAstroModule(id, code);
      if (out === null) this.error(`${id} changed: a patch of scripts/lib/vite-astro-patches.mjs no longer applies`);
      return out ?? null;
    },
  };
}
