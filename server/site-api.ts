// The API's side of the site server. A build step (astro.config.mjs) makes
// api/site-server-api.ts a second entry of the server bundle, server/site-server-api.mjs beside
// entry.mjs. Its modules are the bundle's own chunks, so the site server reads the app's route
// table, its metrics and the page cache the pages fill from the code that serves them, not
// from a second copy.
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** What the built entry exports: api/site-server-api.ts as the bundle built it. */
export type TSiteApi = typeof import('../api/site-server-api.ts');

/**
 * The adapter's middleware-mode handler. The locals come back with the page's pattern, or the
 * API's mark that it counted the request (server/request-observer.ts).
 */
export type TAstroHandler = (req: IncomingMessage, res: ServerResponse, next: undefined, locals: object) => unknown;

const SOURCE = fileURLToPath(new URL('../api/site-server-api.ts', import.meta.url));

/** The entry's file name under the server output directory. */
export const SITE_SERVER_API = 'site-server-api.mjs';

/** The build step: emits the entry in the server environment. */
export function siteServerApi(): Plugin {
  return {
    name: 'site-server-api',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    buildStart() {
      this.emitFile({ type: 'chunk', id: SOURCE, fileName: SITE_SERVER_API, preserveSignature: 'strict' });
    },
  };
}

/** Astro's request handler and the API's entry, both from the build in `outDir`. */
export async function loadBuild(outDir: string): Promise<{ handler: TAstroHandler; api: TSiteApi }> {
  const { handler } = await import(path.join(outDir, 'server/entry.mjs'));
  const api: TSiteApi = await import(path.join(outDir, 'server', SITE_SERVER_API));
  return { handler, api };
}
