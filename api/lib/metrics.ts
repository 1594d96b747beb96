import cluster from 'node:cluster';
import {
  AggregatorRegistry,
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  type Registry,
  register,
} from 'prom-client';

/**
 * What an operator watches (GET /metrics, api/services/metrics/read-metrics.ts): the process's
 * metrics in one prom-client registry. Requests are counted where they are answered: the API's
 * by its request middleware (api/middleware/observe-requests.ts), everything else (pages,
 * built files, page-cache hits, refusals) by the site server (server/site-server.ts).
 * The route label is always a route's pattern ('/api/ads/:id', '/ads/[slug]') or one of
 * ROUTE_LABELS, never a raw URL, so the number of series stays bounded.
 *
 * The registry is prom-client's global one: under WEB_CONCURRENCY the primary process adds up
 * the workers' registries through prom-client's cluster messages (scripts/start.mjs).
 */

/** Route labels of requests no declared route or page answered. */
export const ROUTE_LABELS = {
  /** A built file (/_astro/*, public/) served from disk. */
  static: 'static',
  /** Refused by the load shedder before any work. */
  shed: 'shed',
  /** No route or page matches (a 404, a 405 to an unknown method). */
  unmatched: 'unmatched',
  /** A page-cache hit for a page whose pattern this process has not learned yet (its render was forgotten). */
  cached: 'cached',
} as const;

/** Seconds: from a cache hit (well under 5 ms) to a slow search or upload. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The load shedder's figures, given by the site server that owns it. */
export type TLoadSource = () => { inflight: number; eventLoopDelayMs: number };

function createMetrics(registry: Registry) {
  collectDefaultMetrics({ register: registry });
  // A worker of WEB_CONCURRENCY answers the primary's requests for its registry (the primary
  // adds them up, server/cluster.ts): making an AggregatorRegistry installs
  // prom-client's listener for them.
  if (cluster.isWorker) new AggregatorRegistry();
  let loadSource: TLoadSource | undefined;
  return {
    registry,
    /** gaugeOnScrape's readers by metric name: the latest registered wins (see there). */
    readers: new Map<string, (gauge: Gauge) => void | Promise<void>>(),
    requests: new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request’s arrival to the end of its answer, by method and route pattern.',
      labelNames: ['method', 'route'] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    sheds: new Counter({
      name: 'http_requests_shed_total',
      help: 'Requests the load shedder refused with 503 + Retry-After, by reason (in_flight: MAX_INFLIGHT reached; event_loop: the loop ran late).',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    pageCache: new Counter({
      name: 'page_cache_lookups_total',
      help: 'Cacheable GETs looked up in the page cache: hit (answered from it, or from a render in progress) or miss (rendered).',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: 'jobs_runs_total',
      help: 'Jobs this process ran, by queue and outcome (completed, failed: retried or kept as failed).',
      labelNames: ['queue', 'outcome'] as const,
      registers: [registry],
    }),
    inflight: new Gauge({
      name: 'http_requests_in_flight',
      help: 'Requests in progress that the load shedder counts against MAX_INFLIGHT (not streams, uploads or liveness).',
      registers: [registry],
      collect() {
        if (loadSource) this.set(loadSource().inflight);
      },
    }),
    loopDelay: new Gauge({
      name: 'load_shedder_event_loop_delay_seconds',
      help: 'The event-loop delay the load shedder last measured (past MAX_EVENT_LOOP_DELAY_MS it refuses new requests).',
      registers: [registry],
      collect() {
        if (loadSource) this.set(loadSource().eventLoopDelayMs / 1000);
      },
    }),
    setLoadSource(source: TLoadSource) {
      loadSource = source;
    },
  };
}

type TMetrics = ReturnType<typeof createMetrics>;

// One set per process even if this module is evaluated twice (the server script takes it from
// the built bundle, api/site-server-api.ts; a second copy would register every name again).
const KEY = Symbol.for('marketplace.metrics');
const globals = globalThis as unknown as Record<symbol, TMetrics | undefined>;
globals[KEY] ??= createMetrics(register);
const metrics = globals[KEY];

/** The registry /metrics reads (collectors of other modules register on it too). */
export function metricsRegistry(): Registry {
  return metrics.registry;
}

/** Counts one answered request: `route` is a route's pattern or a ROUTE_LABELS value. */
export function countRequest(method: string, route: string, status: number, seconds: number) {
  metrics.requests.inc({ method, route, status: String(status) });
  metrics.duration.observe({ method, route }, seconds);
}

/** Counts a request the load shedder refused. */
export function countShed(reason: 'in_flight' | 'event_loop') {
  metrics.sheds.inc({ reason });
}

/** Counts a page-cache lookup of a cacheable GET. */
export function countPageCache(result: 'hit' | 'miss') {
  metrics.pageCache.inc({ result });
}

/** Counts a job run by this process. */
export function countJobRun(queue: string, outcome: 'completed' | 'failed') {
  metrics.jobRuns.inc({ queue, outcome });
}

/** The site server's load shedder reports its in-flight count and event-loop delay through this. */
export function setLoadSource(source: TLoadSource) {
  metrics.setLoadSource(source);
}

/**
 * A gauge whose values are read when /metrics is asked (`read` sets them). The gauge is
 * registered once per process; a module loaded again (a test file's fresh module graph, a
 * development reload) replaces its reader, so the figures come from the live copy of the
 * modules. `read` may be async (a database query); it should bound its own time.
 */
export function gaugeOnScrape<L extends string>(
  config: { name: string; help: string; labelNames?: readonly L[] },
  read: (gauge: Gauge<L>) => void | Promise<void>,
): void {
  const { registry, readers } = metrics;
  readers.set(config.name, read as (gauge: Gauge) => void | Promise<void>);
  if (registry.getSingleMetric(config.name)) return;
  new Gauge<L>({
    ...config,
    registers: [registry],
    async collect() {
      this.reset();
      await readers.get(config.name)?.(this as unknown as Gauge);
    },
  });
}
