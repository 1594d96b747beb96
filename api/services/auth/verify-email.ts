import { eq } from 'drizzle-orm';
import { hashToken } from '../../auth/session.ts';
import { VERIFICATION_TEXTS } from '../../constants/email-verification.ts';
import { db } from '../../db/client.ts';
import { emailVerificationTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { enqueue } from '../../jobs/queue.ts';

/**
 * The sign-up mail's link: single use. The token row is deleted in the transaction that marks
 * the address verified, with every other verification token of the user, and the mail that
 * waited for a verified address is released (queue `verified-mail`). An unknown, used or
 * expired token is a 400.
 */
export async function verifyEmail({ token, now = new Date() }: { token: string; now?: Date }) {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .delete(emailVerificationTokens)
      .where(eq(emailVerificationTokens.id, hashToken(token)))
      .returning();
    if (!row || row.expiresAt.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', VERIFICATION_TEXTS.invalid);
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, row.userId));
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, row.userId))
      .returning({ id: users.id });
    if (!user) throw new AppError('BAD_REQUEST', VERIFICATION_TEXTS.invalid);
    // Mail that waited for a verified address (message notifications, alerts) goes out now.
    await enqueue('verified-mail', { userId: user.id }, { tx });
    return { userId: user.id };
  });
}
