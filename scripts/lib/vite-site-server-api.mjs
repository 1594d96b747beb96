// A build step (astro.config.mjs): api/site-server-api.ts becomes a second entry of the server
// bundle, server/site-server-api.mjs beside entry.mjs. Its modules are the bundle's own
// chunks, so the server script (scripts/lib/site-server.mjs) reads the app's route table and
// the page cache the pages fill from the code that serves them, not from a second copy.
import { fileURLToPath } from 'node:url';

const SOURCE = fileURLToPath(new URL('../../api/site-server-api.ts', import.meta.url));

/** The entry's file name under the server output directory. */
export const SITE_SERVER_API = 'site-server-api.mjs';

export function siteServerApi() {
  return {
    name: 'site-server-api',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    buildStart() {
      this.emitFile({ type: 'chunk', id: SOURCE, fileName: SITE_SERVER_API, preserveSignature: 'strict' });
    },
  };
}
