import { eq } from 'drizzle-orm';
import { verifyPassword } from '../../auth/password.ts';
import { db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { ACCOUNT_MESSAGES } from '../../schemas/account.ts';

export const WRONG_PASSWORD = ACCOUNT_MESSAGES.wrongPassword;

/** Refuses (400) unless `password` is the user's current one: asked before every sensitive change. */
export async function checkPassword(userId: number, password: string): Promise<void> {
  const [row] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row || !(await verifyPassword(row.hash, password))) throw new AppError('BAD_REQUEST', WRONG_PASSWORD);
}
