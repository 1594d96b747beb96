import { eq } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.ts';
import { db } from '../../db/client.ts';
import { type TRole, type TSubscription, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { toPublicUser } from './to-public-user.ts';

export const EMAIL_TAKEN = 'This email is already registered.';

export async function createUser(options: {
  name: string;
  email: string;
  password: string;
  role?: TRole;
  subscription?: TSubscription;
}) {
  const email = options.email.toLowerCase();
  const existing = await db().select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing.length) throw new AppError('CONFLICT', EMAIL_TAKEN);
  const passwordHash = await hashPassword(options.password);
  const rows = await db()
    .insert(users)
    .values({
      name: options.name,
      email,
      passwordHash,
      role: options.role ?? 'customer',
      subscription: options.subscription ?? 'free',
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  const row = rows[0];
  // Lost a race with a concurrent sign-up for the same email.
  if (!row) throw new AppError('CONFLICT', EMAIL_TAKEN);
  return toPublicUser(row);
}
