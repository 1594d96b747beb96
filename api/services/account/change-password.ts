import { eq } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.ts';
import { invalidateOtherSessions } from '../../auth/session.ts';
import type { TSession, TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { checkPassword } from './check-password.ts';
import { endPendingLinks } from './end-pending-links.ts';

/**
 * Needs the current password. The new one is stored and every OTHER session of the account
 * ends in the same transaction (whoever else held the old password is signed out); the
 * caller's own session stays; every reset or email-change link still pending is ended. The
 * owner gets a mail saying it changed.
 */
export async function changePassword({
  user,
  session,
  currentPassword,
  newPassword,
}: {
  user: TSessionUser;
  session: TSession;
  currentPassword: string;
  newPassword: string;
}) {
  await checkPassword(user.id, currentPassword, 'currentPassword');
  const passwordHash = await hashPassword(newPassword);
  return db().transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    const ended = await invalidateOtherSessions(user.id, session.id, tx);
    await endPendingLinks(tx, user.id);
    await queueMail(
      {
        to: user.email,
        subject: 'Your password was changed',
        text: `Hello ${user.name},\n\nThe password of your account was just changed, and every other signed-in browser was signed out.\n\nIf this was not you, reset your password at once with "Forgot password" on the sign-in page.\n`,
      },
      { tx },
    );
    return { ended };
  });
}
