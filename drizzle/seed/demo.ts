import { hashPassword } from '../../api/auth/password.ts';
import { db } from '../../api/db/client.ts';
import { users } from '../../api/db/schema/index.ts';

/** Demo content for an empty database. (Filled in by the seed work.) */
export async function seedDemo() {
  await db()
    .insert(users)
    .values({
      name: 'Demo Admin',
      email: 'admin@example.com',
      passwordHash: await hashPassword('admin123'),
      role: 'admin',
      subscription: 'platinum',
    })
    .onConflictDoNothing();
}
