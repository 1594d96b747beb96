// A build step (astro.config.mjs): Astro's Content-Security-Policy hashes, worked out with
// Node's synchronous SHA digest instead of WebCrypto's. Astro hashes every inline script and
// style of a page again on every request (a few per page), and each WebCrypto digest is a trip
// to the thread pool and back: about 0.3 ms of the server's time a page under the bench's home
// page mix (docs/PERFORMANCE.md), for digests of a few kB that take microseconds to compute.
// The digest itself is unchanged (the same algorithm over the same UTF-8 bytes).

/** The function as Astro ships it (astro/dist/core/encryption.js); nothing else is touched. */
const WEBCRYPTO_DIGEST =
  /async function generateCspDigest\(data, algorithm\) \{\s*const hashBuffer = await crypto\.subtle\.digest\(algorithm, encoder\.encode\(data\)\);\s*const hash = encodeBase64\(new Uint8Array\(hashBuffer\)\);/;

const SYNC_DIGEST = `async function generateCspDigest(data, algorithm) {
  const hash = __nodeCreateHash(algorithm.replace('-', '').toLowerCase()).update(data, 'utf8').digest('base64');`;

/**
 * `code` (encryption.js) with the synchronous digest, or null when it no longer holds the
 * function as expected (an Astro upgrade): the build then keeps Astro's own and says so.
 */
export function withSyncCspDigest(code) {
  if (!WEBCRYPTO_DIGEST.test(code)) return null;
  return `import { createHash as __nodeCreateHash } from 'node:crypto';\n${code.replace(WEBCRYPTO_DIGEST, SYNC_DIGEST)}`;
}

/** The Vite plugin: applies withSyncCspDigest to Astro's encryption module in the server build. */
export function syncCspDigest() {
  return {
    name: 'marketplace:sync-csp-digest',
    transform(code, id, options) {
      if (!options?.ssr || !/[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/.test(id)) return null;
      const out = withSyncCspDigest(code);
      if (out === null) this.warn("Astro's generateCspDigest changed: CSP hashes stay on WebCrypto");
      return out;
    },
  };
}
