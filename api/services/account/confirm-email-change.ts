import { eq } from 'drizzle-orm';
import { hashToken } from '../../auth/session.ts';
import { EMAIL_TAKEN } from '../../constants/users.ts';
import { db } from '../../db/client.ts';
import { emailChangeTokens, emailVerificationTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/pg-error.ts';
import { queueMail } from '../../mail/queue-mail.ts';

export const EMAIL_LINK_INVALID = 'This confirmation link is invalid or has expired.';
export const EMAIL_CHANGED = 'Your email address was changed.';

/**
 * The mailed link: single use (the token row is deleted in the transaction that changes the
 * email). The old address is told, so a change its owner did not make does not go unnoticed.
 */
export async function confirmEmailChange({ token, now = new Date() }: { token: string; now?: Date }) {
  try {
    return await db().transaction(async (tx) => {
      const [row] = await tx
        .delete(emailChangeTokens)
        .where(eq(emailChangeTokens.id, hashToken(token)))
        .returning();
      if (!row || row.expiresAt.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', EMAIL_LINK_INVALID);
      const [before] = await tx
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, row.userId))
        .for('update');
      if (!before) throw new AppError('BAD_REQUEST', EMAIL_LINK_INVALID);
      await tx
        .update(users)
        // The link proves the new address is theirs: it counts as verified.
        .set({ email: row.newEmail, updatedAt: now, emailVerifiedAt: now })
        .where(eq(users.id, row.userId));
      // A sign-up verification link mailed to the old address has nothing left to prove.
      await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, row.userId));
      await queueMail(
        {
          to: before.email,
          subject: 'Your email address was changed',
          text: `Hello ${before.name},\n\nThe email address of your account was changed from ${before.email} to ${row.newEmail}.\n\nIf you did not do this, contact us at once through the site.\n`,
        },
        { tx },
      );
      return { email: row.newEmail };
    });
  } catch (err) {
    // Someone registered the address after the link was mailed.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', EMAIL_TAKEN);
    throw err;
  }
}
