import { eq } from 'drizzle-orm';
import { burnPasswordTime, verifyPassword } from '../../auth/password.ts';
import { createSession } from '../../auth/session.ts';
import { MODERATION_TEXTS } from '../../constants/moderation.ts';
import { db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { toPublicUser } from '../users/to-public-user.ts';

/** The client shows 'Please enter valid information' on failure (docs/API.md, Errors). */
export const LOGIN_FAILED = 'Please enter valid information';

export async function loginUser(options: { email: string; password: string; userAgent?: string }) {
  const rows = await db().select().from(users).where(eq(users.email, options.email.toLowerCase())).limit(1);
  const user = rows[0];
  if (!user) {
    await burnPasswordTime(options.password);
    throw new AppError('UNAUTHORIZED', LOGIN_FAILED);
  }
  if (!(await verifyPassword(user.passwordHash, options.password))) {
    throw new AppError('UNAUTHORIZED', LOGIN_FAILED);
  }
  // Told only to someone who knows the password, so the ban is not a way to probe accounts.
  if (user.bannedAt) throw new AppError('FORBIDDEN', MODERATION_TEXTS.banned);
  const { token, session } = await createSession({ userId: user.id, userAgent: options.userAgent });
  return { token, session, user: toPublicUser(user) };
}
