import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { emailChangeTokens, passwordResetTokens } from '../../db/schema/index.ts';

/**
 * A credential changed (a new password, a reset, a confirmed new address): every link still
 * waiting in a mailbox for this user, password resets and email changes, is ended in the same
 * transaction. A reset link mailed to an old address, or an email change asked for with the old
 * password, must not outlive the credential it was issued under.
 */
export async function endPendingLinks(tx: Tx, userId: number): Promise<void> {
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, userId));
}
