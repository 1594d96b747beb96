import { eq } from 'drizzle-orm';
import { verifyPassword } from '../../auth/password.ts';
import { db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export const WRONG_PASSWORD = 'Your current password is not correct.';

/**
 * Refuses (400) unless `password` is the user's current one: asked before every sensitive change.
 * The answer names `field`, the request's password field, so the form shows it under that field.
 */
export async function checkPassword(userId: number, password: string, field: string): Promise<void> {
  const [row] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row || !(await verifyPassword(row.hash, password)))
    throw new AppError('BAD_REQUEST', WRONG_PASSWORD, { fields: [{ path: field, message: WRONG_PASSWORD }] });
}
