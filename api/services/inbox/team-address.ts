import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * Where the site's team reads mail about new inbox messages: the contact email of Settings,
 * or, while none is set, the first admin's address, so a new site's messages still reach
 * someone. Null only when neither exists (the message is still kept in the inbox).
 * `settingsEmail` is read before the transaction: on PGlite's single connection a settings
 * read outside it would wait for it forever.
 */
export async function teamAddress(tx: Tx | Db, settingsEmail: string): Promise<string | null> {
  const email = settingsEmail;
  if (email.trim()) return email.trim();
  const [admin] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .limit(1);
  return admin?.email ?? null;
}
