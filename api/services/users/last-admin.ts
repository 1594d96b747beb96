import { asc, eq, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export const LAST_ADMIN_DEMOTE = 'This is the last admin account: make another user an admin before changing its role.';
export const LAST_ADMIN_DELETE = 'This is the last admin account: make another user an admin before deleting it.';

/**
 * Locks the user `id` and every admin row in ONE statement, in id order, and returns them.
 * Two admins deleting or demoting each other at once both need the other's row: locking the
 * target first and the admins second took the same rows in different orders and deadlocked.
 * In one ordered statement the second transaction waits for the first instead.
 */
export async function lockUserAndAdmins(tx: Tx, id: number) {
  const rows = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(or(eq(users.id, id), eq(users.role, 'admin')))
    .orderBy(asc(users.id))
    .for('update');
  return {
    target: rows.find((r) => r.id === id),
    adminCount: rows.filter((r) => r.role === 'admin').length,
  };
}

/** Refuses to remove the last admin; `adminCount` comes from lockUserAndAdmins. */
export function assertNotLastAdmin(adminCount: number, message: string) {
  if (adminCount <= 1) throw new AppError('CONFLICT', message);
}
