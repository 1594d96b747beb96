// Load shedding for the site server (server/admission.ts applies it to requests): past a bound of requests in
// progress, or while the event loop runs late, a new request is answered 503 + Retry-After at
// once. An overloaded server that queues everything answers nobody in time; one that refuses
// the excess quickly keeps serving the rest, and the refused clients know when to come back.

/**
 * Requests in progress per process. More are not served sooner, they only queue. The embedded
 * database runs on the main thread, one query at a time, and its queued queries run back to
 * back without letting the server read a socket: 16 page renders are about a quarter second
 * of that on 2 cores. PostgreSQL works in its own processes, 10 pooled connections at once.
 */
export function defaultMaxInflight(): number {
  return process.env.DATABASE_URL ? 64 : 16;
}
const CHECK_EVERY_MS = 100;
/** Event-loop delay (ms) past which new work is refused until the loop catches up. */
export const DEFAULT_MAX_EVENT_LOOP_DELAY_MS = 1000;

/** A whole number ≥ 0 from the environment (0 = no bound), or the default with a warning. */
export function boundFromEnv(name: string, fallback: number): number {
  const raw = (process.env[name] ?? '').trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (Number.isInteger(n) && n >= 0) return n;
  console.warn(`${name} must be a whole number (0 = no limit); got "${raw}", using ${fallback}.`);
  return fallback;
}

export type TRefusal = 'event_loop' | 'in_flight';

/**
 * `admit(counted)` returns 0 when a request may go ahead, or the number of seconds (1-5) the
 * client should wait before trying again. A `counted` request takes one of the `maxInflight`
 * places (give it back with `done()` once its work has finished); an uncounted one is only
 * refused while the event loop runs late. After a refusal, `lastRefusal` says why
 * (`event_loop` or `in_flight`); `delayMs` is the loop's last measured delay (for /metrics).
 */
export function createLoadShedder({
  maxInflight,
  maxEventLoopDelayMs,
}: {
  maxInflight: number;
  maxEventLoopDelayMs: number;
}) {
  let inflight = 0;
  let delayMs = 0;
  let lastRefusal: TRefusal | null = null;
  let sampler: NodeJS.Timeout | undefined;
  if (maxEventLoopDelayMs > 0) {
    // How late this timer fires is how long the loop was held. Timers run before the loop
    // reads sockets, so the requests that piled up meanwhile meet the new figure.
    let last = performance.now();
    sampler = setInterval(() => {
      const now = performance.now();
      delayMs = Math.max(0, now - last - CHECK_EVERY_MS);
      last = now;
    }, CHECK_EVERY_MS);
    sampler.unref();
  }
  // Spread the retries over a few seconds, so refused clients do not all come back at once.
  const retryAfter = (base: number) => Math.min(5, base + Math.floor(Math.random() * 3));
  return {
    admit(counted = true): number {
      if (maxEventLoopDelayMs > 0 && delayMs > maxEventLoopDelayMs) {
        lastRefusal = 'event_loop';
        return retryAfter(Math.min(3, Math.ceil(delayMs / 1000)));
      }
      if (!counted) return 0;
      if (maxInflight > 0 && inflight >= maxInflight) {
        lastRefusal = 'in_flight';
        return retryAfter(1);
      }
      inflight++;
      return 0;
    },
    done() {
      inflight--;
    },
    get inflight() {
      return inflight;
    },
    get delayMs() {
      return delayMs;
    },
    get lastRefusal() {
      return lastRefusal;
    },
    stop() {
      clearInterval(sampler);
    },
  };
}

export type TLoadShedder = ReturnType<typeof createLoadShedder>;
