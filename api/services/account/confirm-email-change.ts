import { eq } from 'drizzle-orm';
import { hashToken, invalidateOtherSessions } from '../../auth/session.ts';
import { EMAIL_TAKEN } from '../../constants/users.ts';
import { db } from '../../db/client.ts';
import { emailChangeTokens, emailVerificationTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import { isUniqueViolation } from '../../lib/pg-error.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { endPendingLinks } from './end-pending-links.ts';

export const EMAIL_LINK_INVALID = 'This confirmation link is invalid or has expired.';
export const EMAIL_CHANGED = 'Your email address was changed.';

/**
 * The mailed link: single use (the token row is deleted in the transaction that changes the
 * email). The old address is told, so a change its owner did not make does not go unnoticed.
 * Every other pending reset or email-change link dies, and every session of the account but the
 * confirming browser's own ends.
 */
export async function confirmEmailChange({
  token,
  now = new Date(),
  keepSessionId,
}: {
  token: string;
  now?: Date;
  /** The confirming browser's own session, kept when it belongs to the same account. */
  keepSessionId?: string;
}) {
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
      // A reset link mailed to the old address, or another pending change, ends with it; so do
      // the account's other sessions (whoever held the old address's mailbox is signed out).
      await endPendingLinks(tx, row.userId);
      await invalidateOtherSessions(row.userId, keepSessionId ?? '', tx);
      // The new address counts as verified: anything that waited for one goes out.
      await enqueue('verified-mail', { userId: row.userId }, { tx });
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
