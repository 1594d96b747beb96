import { count } from 'drizzle-orm';
import { seedDemo } from '../drizzle/seed/demo.ts';
import { connection, db } from './db/client.ts';
import { users } from './db/schema/index.ts';
import { env } from './env.ts';
import { startJobWorkers } from './jobs/workers.ts';
import { startHeartbeat } from './lib/process-liveness.ts';
import { runEditorImageSweep } from './services/uploads/sweep-editor-images.ts';
import { ensureAdmin } from './services/users/ensure-admin.ts';
import { verifyDemoAccounts } from './services/users/verify-demo-accounts.ts';

export const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin123' } as const;

export type TBootResult = { seeded: boolean; adminEmail?: string; adminPassword?: string };

/**
 * Idempotent start-up: apply migrations, load demo content into an empty database (when
 * SEED_DEMO allows), ensure the ADMIN_EMAIL account, and delete abandoned editor images.
 * Safe to run on every start.
 */
export async function boot(): Promise<TBootResult> {
  const result = await prepare();
  await runEditorImageSweep(); // logs and swallows its own errors: never blocks a start
  return result;
}

async function prepare(): Promise<TBootResult> {
  const e = env();
  await connection().migrate();
  const [{ n }] = (await db().select({ n: count() }).from(users)) as [{ n: number }];
  const empty = Number(n) === 0;
  // Demo content by default only on the embedded database; PostgreSQL needs SEED_DEMO=1.
  const seedDemoContent = e.SEED_DEMO ? e.SEED_DEMO === '1' : !e.DATABASE_URL;
  let seeded = false;
  if (empty && seedDemoContent) {
    await seedDemo();
    await verifyDemoAccounts();
    seeded = true;
  }
  if (e.ADMIN_EMAIL && e.ADMIN_PASSWORD) {
    await ensureAdmin({ email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD });
    return { seeded, adminEmail: e.ADMIN_EMAIL, adminPassword: e.ADMIN_PASSWORD };
  }
  return seeded ? { seeded, adminEmail: DEMO_ADMIN.email, adminPassword: DEMO_ADMIN.password } : { seeded };
}

let ready: Promise<TBootResult> | undefined;
/**
 * Start-up once per process, for the server's requests; then this process's job workers (mail,
 * the hourly sweep of abandoned editor images…, api/jobs/queues.ts). The first sweep is not
 * repeated here: scripts/start.mjs ran boot(), sweep included, before the server took its first
 * request.
 */
export function ensureBooted(): Promise<TBootResult> {
  ready ??= prepare().then(
    async (result) => {
      await startJobWorkers();
      // On PostgreSQL: other processes learn at once when this one dies (its claims freed).
      await startHeartbeat();
      return result;
    },
    (err) => {
      ready = undefined;
      throw err;
    },
  );
  return ready;
}
