import { eq } from 'drizzle-orm';
import { generateToken, hashToken } from '../../auth/session.ts';
import { db } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { env } from '../../env.ts';
import { sendMail } from '../../mail/send-mail.ts';

export const RESET_LIFETIME_MS = 30 * 60 * 1000;
export const FORGOT_MESSAGE = 'If an account exists for this email, a reset link has been sent.';

/**
 * Always resolves the same way, in the same time, whether or not the email exists: only the
 * lookup is awaited; the token is stored and the mail sent in the background, so neither the
 * body, the status nor the response time tells an attacker which emails have accounts.
 * `work` (for tests) settles when that background part is done; it never rejects.
 */
export async function requestPasswordReset(options: { email: string; now?: Date }) {
  const rows = await db()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, options.email.toLowerCase()))
    .limit(1);
  const user = rows[0];
  if (!user) return { sent: false as const, work: Promise.resolve() };
  const now = options.now ?? new Date();
  const work = issueResetLink(user, now).catch((err) => console.error('[mail] password reset failed', err));
  return { sent: true as const, work };
}

async function issueResetLink(user: { id: number; name: string; email: string }, now: Date) {
  const token = generateToken();
  await db().transaction(async (tx) => {
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx
      .insert(passwordResetTokens)
      .values({ id: hashToken(token), userId: user.id, expiresAt: new Date(now.getTime() + RESET_LIFETIME_MS) });
  });
  const link = `${env().siteUrl}/reset-password?token=${token}`;
  await sendMail({
    to: user.email,
    subject: 'Reset your password',
    text: `Hello ${user.name},\n\nSomeone asked to reset the password of your account. Open this link within 30 minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this mail; your password stays the same.\n`,
  });
}
