import { eq } from 'drizzle-orm';
import { generateToken, hashToken } from '../../auth/session.ts';
import { VERIFICATION_LIFETIME_DAYS } from '../../constants/email-verification.ts';
import type { Tx } from '../../db/client.ts';
import { emailVerificationTokens } from '../../db/schema/index.ts';
import { env } from '../../env.ts';
import { queueMail } from '../../mail/queue-mail.ts';

export const VERIFICATION_LIFETIME_MS = VERIFICATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

/**
 * Stores a new single-use verification token for the user (only its SHA-256; earlier links of
 * the user stop working) and queues the mail with its link, in the caller's transaction: the
 * mail goes out if and only if the account (or the resend) commits.
 */
export async function queueVerificationMail(
  tx: Tx,
  user: { id: number; name: string; email: string },
  now: Date = new Date(),
) {
  const token = generateToken();
  const link = `${env().siteUrl}/verify-email?token=${token}`;
  await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
  await tx.insert(emailVerificationTokens).values({
    id: hashToken(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + VERIFICATION_LIFETIME_MS),
    createdAt: now,
  });
  await queueMail(
    {
      to: user.email,
      subject: 'Please verify your email address',
      text: `Hello ${user.name},\n\nWelcome! Please open this link within ${VERIFICATION_LIFETIME_DAYS} days to verify your email address:\n\n${link}\n\nOnce it is verified you can message sellers. If you did not create an account, ignore this mail.\n`,
    },
    { tx },
  );
}
