import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.ts';
import { db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * Makes sure an admin with this email exists and has this password (ADMIN_EMAIL/ADMIN_PASSWORD).
 * The operator chose the address, so it counts as verified.
 */
export async function ensureAdmin(options: { email: string; password: string; name?: string }) {
  const email = options.email.toLowerCase();
  const passwordHash = await hashPassword(options.password);
  const existing = await db().select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing[0]) {
    await db()
      .update(users)
      .set({
        role: 'admin',
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, existing[0].id));
    return existing[0].id;
  }
  const rows = await db()
    .insert(users)
    .values({
      name: options.name ?? 'Administrator',
      email,
      passwordHash,
      role: 'admin',
      subscription: 'platinum',
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  return rows[0]?.id;
}
