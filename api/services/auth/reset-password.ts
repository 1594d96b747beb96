import { eq } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.ts';
import { hashToken } from '../../auth/session.ts';
import { db } from '../../db/client.ts';
import { passwordResetTokens, sessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { endPendingLinks } from '../account/end-pending-links.ts';

export const RESET_INVALID = 'The reset link is invalid or has expired.';

/** Single use: the token row is deleted in the same transaction that sets the password. */
export async function resetPassword(options: { resetToken: string; password: string; now?: Date }) {
  const id = hashToken(options.resetToken);
  const passwordHash = await hashPassword(options.password);
  const now = options.now ?? new Date();
  await db().transaction(async (tx) => {
    const rows = await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.id, id)).returning();
    const row = rows[0];
    if (!row || row.expiresAt.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', RESET_INVALID);
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId));
    // Whoever held the old password is signed out everywhere.
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
    // Any other reset link, and any email change asked for under the old password, is dead.
    await endPendingLinks(tx, row.userId);
  });
}
