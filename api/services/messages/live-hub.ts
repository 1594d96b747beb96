import { connection } from '../../db/client.ts';

/**
 * Live events for open pages (Server-Sent Events, api/routes/messages.ts). A change names the
 * users it concerns; every process delivers it to the streams its own visitors have open.
 * Over PostgreSQL the change travels by NOTIFY on one channel that every process LISTENs to,
 * so with several server processes or machines each open stream hears it; on the embedded
 * database (one process) it is delivered in-process. The notice carries ids only (NOTIFY
 * payloads are small); the process holding the stream loads what it shows. `session-ended`
 * is raised by the database itself whenever sessions are deleted (drizzle/0020_session_end_notice.sql),
 * so no code path that ends a session can forget to close its streams.
 */
export type TLiveNotice =
  | { kind: 'message'; userId: number; conversationId: number; messageId: number }
  | { kind: 'read'; userId: number; conversationId: number }
  | { kind: 'session-ended'; userId: number };

type TListener = (notice: TLiveNotice) => void;

const CHANNEL = 'marketplace_live';
const listeners = new Map<number, Set<TListener>>();
let listening: { conn: unknown; ready: Promise<void> } | undefined;
const enders = new Set<() => void>();
const relisteners = new Set<() => void>();

function deliver(notice: TLiveNotice) {
  for (const fn of listeners.get(notice.userId) ?? []) {
    try {
      fn(notice);
    } catch (err) {
      console.error('[live] a listener failed', err);
    }
  }
}

/** Starts this process's LISTEN once per database connection (PostgreSQL only). */
function ensureListening(): Promise<void> {
  const conn = connection();
  if (!conn.listen) return Promise.resolve();
  if (listening?.conn === conn) return listening.ready;
  let listens = 0;
  const ready = conn
    .listen(
      CHANNEL,
      (payload) => {
        try {
          deliver(JSON.parse(payload) as TLiveNotice);
        } catch (err) {
          console.error('[live] an unreadable notice', err);
        }
      },
      () => {
        // Called at every LISTEN: after the first, the connection came back from a fault and
        // any notice sent meanwhile was lost, so the streams catch up by themselves.
        listens += 1;
        if (listens > 1) for (const fn of [...relisteners]) fn();
      },
    )
    .then(({ unlisten }) => {
      conn.beforeClose(async () => {
        if (listening?.conn === conn) listening = undefined;
        await unlisten().catch(() => {});
      });
    });
  listening = { conn, ready };
  ready.catch(() => {
    if (listening?.ready === ready) listening = undefined;
  });
  return ready;
}

/** Hears every notice for `userId` in this process until the returned function is called. */
export async function subscribe(userId: number, fn: TListener): Promise<() => void> {
  await ensureListening();
  let set = listeners.get(userId);
  if (!set) {
    set = new Set();
    listeners.set(userId, set);
  }
  set.add(fn);
  return () => {
    set.delete(fn);
    if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId);
  };
}

/**
 * Tells every process about changes that have committed. A failure to notify loses only the
 * live update (the page still shows it on its next load or poll), so it is logged, not thrown.
 */
export async function publish(notices: TLiveNotice[]): Promise<void> {
  const conn = connection();
  for (const notice of notices) {
    if (!conn.notify) {
      deliver(notice);
      continue;
    }
    await conn.notify(CHANNEL, JSON.stringify(notice)).catch((err) => console.error('[live] NOTIFY failed', err));
  }
}

/** Calls `fn` whenever this process's LISTEN connection comes back after a fault. */
export function onRelisten(fn: () => void): () => void {
  relisteners.add(fn);
  return () => relisteners.delete(fn);
}

/** How many streams this process has open (tests, metrics). */
export function openListenerCount(): number {
  let n = 0;
  for (const set of listeners.values()) n += set.size;
  return n;
}

/** Registers a stream's way to end itself when the server shuts down. */
export function onShutdown(end: () => void): () => void {
  enders.add(end);
  return () => enders.delete(end);
}

/** Ends every open stream now (graceful shutdown: they would otherwise hold it up). */
export function endAllStreams() {
  for (const end of [...enders]) end();
}

// The server script ends the built bundle's streams through the global when it stops.
(globalThis as Record<symbol, unknown>)[Symbol.for('marketplace.endLiveStreams')] = endAllStreams;
