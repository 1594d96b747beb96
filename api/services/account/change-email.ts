import { and, eq, ne } from 'drizzle-orm';
import { generateToken, hashToken } from '../../auth/session.ts';
import { EMAIL_TAKEN } from '../../constants/users.ts';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { emailChangeTokens, users } from '../../db/schema/index.ts';
import { env } from '../../env.ts';
import { AppError } from '../../errors.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { checkPassword } from './check-password.ts';

export const EMAIL_CHANGE_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const SAME_EMAIL = 'This is already your email.';
export const EMAIL_CHANGE_SENT =
  'We sent a confirmation link to your new address. Your email changes when you open it.';

/**
 * Starts a change of email: needs the password, then mails a single-use link to the NEW
 * address (only its SHA-256 is stored). Nothing changes until that link is opened
 * (confirmEmailChange), so a typo or someone else's address never takes over the account.
 * A new request replaces an earlier unconfirmed one.
 */
export async function changeEmail({
  user,
  newEmail,
  password,
  now = new Date(),
}: {
  user: TSessionUser;
  newEmail: string;
  password: string;
  now?: Date;
}) {
  await checkPassword(user.id, password, 'password');
  if (newEmail === user.email) throw new AppError('BAD_REQUEST', SAME_EMAIL);
  const token = generateToken();
  const link = `${env().siteUrl}/confirm-email?token=${token}`;
  await db().transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, newEmail), ne(users.id, user.id)));
    if (taken) throw new AppError('CONFLICT', EMAIL_TAKEN);
    await tx.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, user.id));
    await tx.insert(emailChangeTokens).values({
      id: hashToken(token),
      userId: user.id,
      newEmail,
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_LIFETIME_MS),
    });
    await queueMail(
      {
        to: newEmail,
        subject: 'Confirm your new email address',
        text: `Hello ${user.name},\n\nYou asked to use this address for your account. Open this link within 24 hours to confirm it:\n\n${link}\n\nUntil then your account keeps its current address. If you did not ask for this, ignore this mail.\n`,
      },
      { tx },
    );
  });
}
