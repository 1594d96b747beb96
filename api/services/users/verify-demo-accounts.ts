import { and, inArray, isNull } from 'drizzle-orm';
import { DEMO_ADMIN, DEMO_CUSTOMERS } from '../../../drizzle/seed/demo-content.ts';
import { db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * The demo accounts (drizzle/seed) count as verified: nobody reads their example.com mail.
 * Run after the demo content is loaded (api/boot.ts, scripts/seed.ts); resolves to how many
 * accounts it marked.
 */
export async function verifyDemoAccounts(now: Date = new Date()): Promise<number> {
  const emails = [DEMO_ADMIN.email, ...DEMO_CUSTOMERS.map((c) => c.email)];
  const rows = await db()
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(inArray(users.email, emails), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return rows.length;
}
