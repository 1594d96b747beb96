import { eq } from 'drizzle-orm';
import { VERIFICATION_TEXTS } from '../../constants/email-verification.ts';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { queueVerificationMail } from './verification-mail.ts';

/**
 * "Send the verification mail again": a new link replaces the older ones. Already verified:
 * 409 (not counted against the limit); otherwise limited per account (429).
 */
export async function resendVerification(options: {
  user: TSessionUser;
  /** Counts the request against the account's resend limit (the route's limiter), once it may ask. */
  countAgainstLimits: () => Promise<unknown>;
  now?: Date;
}) {
  const { user, now = new Date() } = options;
  if (await isVerified(user.id)) throw new AppError('CONFLICT', VERIFICATION_TEXTS.alreadyVerified);
  await options.countAgainstLimits();
  await db().transaction(async (tx) => {
    // Locked, so a link opened meanwhile is seen and no mail goes to a verified address.
    const [row] = await tx
      .select({ id: users.id, name: users.name, email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (!row) throw new AppError('UNAUTHORIZED', 'Please login to continue.');
    if (row.verifiedAt) throw new AppError('CONFLICT', VERIFICATION_TEXTS.alreadyVerified);
    await queueVerificationMail(tx, row, now);
  });
}

async function isVerified(userId: number) {
  const [row] = await db().select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row?.at);
}
