import { and, eq, ne } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { EMAIL_TAKEN } from '../../constants/users.ts';
import { db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/pg-error.ts';
import type { TAdminUserUpdate } from '../../schemas/user.ts';
import { applyPlanToAds } from '../ads/featured-follows-plan.ts';
import { USER_NOT_FOUND } from './get-user.ts';
import { assertNotLastAdmin, LAST_ADMIN_DEMOTE, lockUserAndAdmins } from './last-admin.ts';
import { toPublicUser } from './to-public-user.ts';

/**
 * An admin edits a user (docs/SCREENS.md, Add New User / Edit User; the password is always sent).
 * A demoted user loses every session at once; a changed password ends their other
 * sessions too (the editing admin's own session, `keepSessionId`, survives).
 */
export async function updateUser(options: { input: TAdminUserUpdate; keepSessionId?: string }) {
  const { input } = options;
  const before = await db()
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, input.id))
    .limit(1);
  if (!before[0]) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  // Hashing is slow: done before the transaction so no lock is held meanwhile.
  const passwordChanged = !(await verifyPassword(before[0].passwordHash, input.password));
  const passwordHash = passwordChanged ? await hashPassword(input.password) : undefined;

  try {
    return await db().transaction(async (tx) => {
      const { target: current, adminCount } = await lockUserAndAdmins(tx, input.id);
      if (!current) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
      const demoted = current.role === 'admin' && input.role !== 'admin';
      if (demoted) assertNotLastAdmin(adminCount, LAST_ADMIN_DEMOTE);
      const clash = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, input.email), ne(users.id, input.id)))
        .limit(1);
      if (clash[0]) throw new AppError('CONFLICT', EMAIL_TAKEN);
      const updated = await tx
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          role: input.role,
          subscription: input.subscription,
          ...(passwordHash ? { passwordHash } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, input.id))
        .returning();
      // A plan without featured placement takes the badge off the user's ads at once.
      if (updated[0]) await applyPlanToAds(tx, updated[0]);
      if (demoted) await tx.delete(sessions).where(eq(sessions.userId, input.id));
      else if (passwordChanged) {
        const keep = options.keepSessionId;
        await tx
          .delete(sessions)
          .where(keep ? and(eq(sessions.userId, input.id), ne(sessions.id, keep)) : eq(sessions.userId, input.id));
      }
      return toPublicUser(updated[0] as typeof users.$inferSelect);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', EMAIL_TAKEN);
    throw err;
  }
}
