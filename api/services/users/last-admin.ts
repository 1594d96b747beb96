import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export const LAST_ADMIN_DEMOTE = 'This is the last admin account: make another user an admin before changing its role.';
export const LAST_ADMIN_DELETE = 'This is the last admin account: make another user an admin before deleting it.';

/**
 * Refuses to remove the last admin. The admin rows are locked (FOR UPDATE) for the rest of
 * the transaction, so two admins demoting each other at once cannot both succeed.
 */
export async function assertNotLastAdmin(tx: Tx, message: string) {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
  if (admins.length <= 1) throw new AppError('CONFLICT', message);
}
