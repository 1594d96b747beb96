import { eq } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.ts';
import { EMAIL_TAKEN } from '../../constants/users.ts';
import { db } from '../../db/client.ts';
import { type TRole, type TSubscription, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { queueVerificationMail } from '../auth/verification-mail.ts';
import { toPublicUser } from './to-public-user.ts';

/**
 * A new account. `verified` accounts (added by an admin) count as verified at once; any other
 * (sign-up) gets the verification mail, queued in the transaction that stores the user.
 */
export async function createUser(options: {
  name: string;
  email: string;
  password: string;
  role?: TRole;
  subscription?: TSubscription;
  verified?: boolean;
  now?: Date;
}) {
  const email = options.email.toLowerCase();
  const now = options.now ?? new Date();
  const existing = await db().select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing.length) throw new AppError('CONFLICT', EMAIL_TAKEN);
  const passwordHash = await hashPassword(options.password);
  const row = await db().transaction(async (tx) => {
    const [inserted] = await tx
      .insert(users)
      .values({
        name: options.name,
        email,
        passwordHash,
        role: options.role ?? 'customer',
        subscription: options.subscription ?? 'free',
        emailVerifiedAt: options.verified ? now : null,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    // Lost a race with a concurrent sign-up for the same email.
    if (!inserted) throw new AppError('CONFLICT', EMAIL_TAKEN);
    if (!options.verified) await queueVerificationMail(tx, inserted, now);
    return inserted;
  });
  return toPublicUser(row);
}
