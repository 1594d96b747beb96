/**
 * What the production server (server/site-server.ts) takes from the API, built as its own
 * entry beside the site's (server/site-server-api.mjs, emitted by server/site-api.ts) so that
 * it shares the bundle's modules: the same page cache the pages fill (api/page-cache/), the
 * load shedder's sets read from the same app's routes (api/access-rules.ts), and the same
 * metrics registry and logger the API writes to (api/lib/metrics.ts, api/lib/log.ts).
 */

import { routeFor } from './access-rules.ts';

export { loadSets } from './access-rules.ts';
export { logRequest, requestIdFrom } from './lib/log.ts';
export { countRequest, countShed, ROUTE_LABELS, setLoadSource } from './lib/metrics.ts';
export { replayPage } from './page-cache/replay.ts';
export { cacheTtlMs } from './page-cache/store.ts';
export { metricsAnswer } from './services/metrics/read-metrics.ts';

/** The pattern of the API route that answers `method` on `pathname` ('/api/ads/:id'), if any. */
export function apiRoutePattern(method: string, pathname: string): string | undefined {
  return routeFor(method, pathname)?.path;
}
