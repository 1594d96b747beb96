/**
 * What the production server (scripts/lib/site-server.mjs) takes from the API, built as its
 * own entry beside the site's (server/site-server-api.mjs, scripts/lib/vite-site-server-api.mjs)
 * so that it shares the bundle's modules: the same page cache the pages fill, and the load
 * shedder's sets read from the same app's routes (api/access-rules.ts).
 */
export { loadSets } from './access-rules.ts';
export { cacheTtlMs, freshEntry, keyOf, mayShare, rememberWire } from './middleware/micro-cache.ts';
export { etagMatches } from './middleware/shared-cache.ts';
