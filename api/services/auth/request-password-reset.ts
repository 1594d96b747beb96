import { eq } from 'drizzle-orm';
import { generateToken, hashToken } from '../../auth/session.ts';
import { db } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { env } from '../../env.ts';
import { sendMail } from '../../mail/send-mail.ts';

export const RESET_LIFETIME_MS = 30 * 60 * 1000;
export const FORGOT_MESSAGE = 'If an account exists for this email, a reset link has been sent.';

/**
 * The whole job behind "forgot password": look the email up and, if it has an account, store a
 * fresh reset token and mail the link. Resolves to whether a mail went out. It takes one plain
 * options object and touches no request, so it can run as a queued job as it is.
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
  return { sent: true };
}

const pending = new Set<Promise<void>>();

/**
 * Runs sendPasswordReset without the request waiting for it, so the answer cannot depend on
 * whether the account exists: not its body, not its status, not its time. It starts once
 * `after` resolves (the route passes "the answer has been sent", api/lib/when-sent.ts, so even
 * the lookup's CPU and database time come after the answer; default: the next turn of the event
 * loop). A failure is logged; it never becomes an unhandled rejection.
 */
export function sendPasswordResetInBackground(
  options: { email: string; now?: Date },
  after: Promise<void> = new Promise((resolve) => setImmediate(resolve)),
): void {
  const task = after
    .then(() => sendPasswordReset(options))
    .then(
      () => {},
      (err) => console.error('[mail] password reset failed', err),
    )
    .finally(() => pending.delete(task));
  pending.add(task);
}

/** Settles once every background reset started so far has finished (tests, shutdown). */
export async function passwordResetsIdle(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

// The server script loads its own copy of the modules beside the built bundle's, where the
// routes run: a graceful shutdown finds this bundle's pending mail through the global.
(globalThis as Record<symbol, unknown>)[Symbol.for('marketplace.passwordResetsIdle')] = passwordResetsIdle;
