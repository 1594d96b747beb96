import { eq, sql } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export const USER_NOT_FOUND = 'User not found.';

/** One user without the password hash, or 404. */
export async function getUser({ id }: { id: number }) {
  const rows = await db()
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      subscription: users.subscription,
      banned: sql<boolean>`${users.bannedAt} IS NOT NULL`,
      banReason: sql<string>`CASE WHEN ${users.bannedAt} IS NULL THEN '' ELSE ${users.banReason} END`,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!rows[0]) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  return rows[0];
}
