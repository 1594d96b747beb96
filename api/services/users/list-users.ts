import { asc } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Every user, field by field: the password hash is never selected. */
export async function listUsers() {
  return db()
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      subscription: users.subscription,
    })
    .from(users)
    .orderBy(asc(users.id));
}
