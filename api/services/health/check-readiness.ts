import { sql } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { READINESS_TIMEOUT_MS } from '../../lib/limits.ts';

export type TReadiness = { ok: true; latencyMs: number } | { ok: false; error: string };

/**
 * Readiness for load balancers: can the database answer a trivial query within
 * READINESS_TIMEOUT_MS? Never throws; the reason is generic (no host names or SQL).
 */
export async function checkReadiness(options: { timeoutMs?: number } = {}): Promise<TReadiness> {
  const timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS;
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
    });
    await Promise.race([db().execute(sql`select 1`), timeout]);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    const timedOut = err instanceof Error && err.message === 'timeout';
    return { ok: false, error: timedOut ? 'database timeout' : 'database unavailable' };
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness: the process is up and its event loop turns. */
export function checkLiveness() {
  return { ok: true as const, uptimeSec: Math.round(process.uptime()) };
}

/** The JSON bodies and statuses shared by /healthz, /readyz and their /api twins. */
export async function readinessResponse(): Promise<{ status: 200 | 503; body: Record<string, unknown> }> {
  const r = await checkReadiness();
  return r.ok
    ? { status: 200, body: { success: true, status: 'ready', database: 'up', latencyMs: r.latencyMs } }
    : {
        status: 503,
        body: { success: false, status: 'unavailable', database: 'down', error: r.error, message: r.error },
      };
}

export function livenessResponse() {
  return { status: 200 as const, body: { success: true, status: 'ok', uptimeSec: checkLiveness().uptimeSec } };
}
