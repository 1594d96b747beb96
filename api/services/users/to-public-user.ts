import type { TSessionUser } from '../../context.ts';
import type { users } from '../../db/schema/index.ts';

/** The only shape a user leaves the server in; the password hash is dropped here. */
export function toPublicUser(u: typeof users.$inferSelect): TSessionUser {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    subscription: u.subscription,
    emailVerified: u.emailVerifiedAt !== null,
  };
}
