// Graceful shutdown of the site server (server/site-server.ts) on SIGTERM/SIGINT: stop
// accepting, finish what is in flight, close the database, exit.
import type http from 'node:http';
import type { Socket } from 'node:net';

/** How long a stopping server lets requests in progress finish before it cuts them. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long closing the database may take once the last connection is gone. */
const DATABASE_CLOSE_MS = 5_000;
/** How often a stopping server closes the connections that have finished their answer. */
const SWEEP_EVERY_MS = 50;

/** Node's own mark of a connection answering a request: the response it is writing. */
type TBusySocket = Socket & { _httpMessage?: http.ServerResponse | null };
const answering = (socket: TBusySocket) => socket._httpMessage != null;

/**
 * Tracks `server`'s connections and installs the SIGTERM/SIGINT handlers. `stopping` turns
 * true at the signal (the server then closes each connection after its answer); `onStop`
 * runs first (the load shedder's timer, the metrics listener).
 */
export function handleShutdown(server: http.Server, onStop: () => void) {
  let stopping = false;
  // Every open connection: at shutdown, those not answering a request (idle keep-alive, or
  // still sending one) close at once.
  const sockets = new Set<TBusySocket>();
  server.on('connection', (socket: TBusySocket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  /**
   * Stop accepting; close idle and half-sent connections at once; let requests in progress
   * finish for up to SHUTDOWN_GRACE_MS, then cut the rest; close the database; exit 0. A cut
   * request got no answer, so nothing it did was acknowledged (and creates can be retried
   * with their Idempotency-Key). Exit 1 only if the database does not close.
   */
  function shutdown(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    console.log(`${signal}: finishing in-flight requests…`);
    onStop();
    // Open event streams end now (their pages reconnect to another server or after the restart)
    // instead of holding the shutdown for its whole grace period.
    hook<() => void>('marketplace.endLiveStreams')?.();
    for (const socket of sockets) {
      const res = socket._httpMessage;
      if (res && !res.headersSent) res.setHeader('Connection', 'close');
    }
    // Idle and half-sent connections now; each busy one as soon as its answer is written.
    const closeIdle = () => {
      for (const socket of sockets) if (!answering(socket)) socket.destroy();
    };
    closeIdle();
    const sweeper = setInterval(closeIdle, SWEEP_EVERY_MS);
    let cut = 0;
    const grace = setTimeout(() => {
      cut = [...sockets].filter(answering).length;
      console.warn(`${cut} request(s) still running after ${SHUTDOWN_GRACE_MS / 1000} s: cutting them.`);
      for (const socket of sockets) socket.destroy();
    }, SHUTDOWN_GRACE_MS);
    server.close(async () => {
      clearTimeout(grace);
      clearInterval(sweeper);
      const code = await closeDatabase();
      console.log(`Stopped in ${Date.now() - started} ms${cut ? ` (${cut} request(s) cut)` : ''}.`);
      process.exit(code);
    });
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  return {
    get stopping() {
      return stopping;
    },
  };
}

/** A function the built bundle leaves on globalThis under `Symbol.for(name)`, if any. */
function hook<F>(name: string): F | undefined {
  return (globalThis as Record<symbol, unknown>)[Symbol.for(name)] as F | undefined;
}

/**
 * Closing the database first stops this process's job workers: a job still running gets a
 * moment to finish, and one cut short is retried by another process later. Resolves with the
 * exit code: 1 when it fails or takes longer than DATABASE_CLOSE_MS.
 */
async function closeDatabase(): Promise<number> {
  const close = hook<unknown>('marketplace.closeDatabase');
  if (typeof close !== 'function') return 0;
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    (close as () => Promise<unknown>)().then(
      () => 'closed',
      (err: unknown) => `failed: ${err instanceof Error ? err.message : err}`,
    ),
    new Promise<string>((r) => {
      timer = setTimeout(() => r(`did not close within ${DATABASE_CLOSE_MS / 1000} s`), DATABASE_CLOSE_MS);
    }),
  ]);
  clearTimeout(timer);
  if (outcome === 'closed') return 0;
  console.error(`Database ${outcome}.`);
  return 1;
}
