import { eq } from 'drizzle-orm';
import { generateToken, hashToken } from '../../auth/session.ts';
import { db } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { env } from '../../env.ts';
import { queueMail } from '../../mail/queue-mail.ts';

export const RESET_LIFETIME_MS = 30 * 60 * 1000;
export const FORGOT_MESSAGE = 'If an account exists for this email, a reset link has been sent.';

/**
 * The job behind "forgot password" (queue `password-reset`): look the email up and, if it has
 * an account, store a fresh reset token and queue the mail with its link, in one transaction.
 * The request only queues this job, so its answer cannot depend on whether the account exists.
 * Resolves to whether a mail was queued.
 */
export async function sendPasswordReset(options: { email: string; now?: Date }): Promise<{ sent: boolean }> {
  const rows = await db()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, options.email.toLowerCase()))
    .limit(1);
  const user = rows[0];
  if (!user) return { sent: false };
  const now = options.now ?? new Date();
  const token = generateToken();
  const link = `${env().siteUrl}/reset-password?token=${token}`;
  await db().transaction(async (tx) => {
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx
      .insert(passwordResetTokens)
      .values({ id: hashToken(token), userId: user.id, expiresAt: new Date(now.getTime() + RESET_LIFETIME_MS) });
    await queueMail(
      {
        to: user.email,
        subject: 'Reset your password',
        text: `Hello ${user.name},\n\nSomeone asked to reset the password of your account. Open this link within 30 minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this mail; your password stays the same.\n`,
      },
      { tx },
    );
  });
  return { sent: true };
}
