import { eq, lt, sql } from 'drizzle-orm';
import { connection, db } from '../db/client.ts';
import { processHeartbeats } from '../db/schema/index.ts';

/** This process's identity, written into what it claims (an Idempotency-Key in progress). */
export const PROCESS_ID = crypto.randomUUID();

/** A process beats every this often… */
export const HEARTBEAT_EVERY_MS = 5_000;
/** …and is taken for dead once its last beat is older than this. */
export const HEARTBEAT_DEAD_MS = 20_000;

let timer: ReturnType<typeof setInterval> | undefined;

async function beat() {
  await db()
    .insert(processHeartbeats)
    .values({ processId: PROCESS_ID, beatAt: new Date() })
    .onConflictDoUpdate({ target: processHeartbeats.processId, set: { beatAt: sql`now()` } });
}

/**
 * Starts this process's heartbeat on PostgreSQL, where several processes share the database
 * and one may die while another lives (on the embedded database one process owns the data
 * directory: isProcessAlive needs no beats there). Old rows of dead processes are swept.
 */
export async function startHeartbeat(): Promise<void> {
  if (timer || connection().kind !== 'postgres') return;
  await beat();
  timer = setInterval(() => {
    beat().catch(() => {});
    void db()
      .delete(processHeartbeats)
      .where(lt(processHeartbeats.beatAt, new Date(Date.now() - 24 * 3600 * 1000)))
      .catch(() => {});
  }, HEARTBEAT_EVERY_MS);
  timer.unref?.();
}

/** Stops the heartbeat and removes this process's row: it is known dead at once. */
export async function stopHeartbeat(): Promise<void> {
  if (!timer) return;
  clearInterval(timer);
  timer = undefined;
  await db()
    .delete(processHeartbeats)
    .where(eq(processHeartbeats.processId, PROCESS_ID))
    .catch(() => {});
}

/**
 * Whether the process `id` may still be running. On the embedded database only this process
 * can be (it holds the data-directory lock): any other id belongs to one that died. On
 * PostgreSQL, a process is alive while its heartbeat is recent.
 */
export async function isProcessAlive(id: string): Promise<boolean> {
  if (id === PROCESS_ID) return true;
  if (connection().kind !== 'postgres') return false;
  const [row] = await db()
    .select({ beatAt: processHeartbeats.beatAt })
    .from(processHeartbeats)
    .where(eq(processHeartbeats.processId, id))
    .limit(1);
  return !!row && Date.now() - row.beatAt.getTime() < HEARTBEAT_DEAD_MS;
}
