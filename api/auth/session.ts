import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, lt } from 'drizzle-orm';
import type { TSession, TSessionUser } from '../context.ts';
import { db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';

/** A login lasts one hour from sign-in (docs/RULES.md, Sessions and passwords). */
export const SESSION_LIFETIME_MS = 60 * 60 * 1000;

export function generateToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Only this hash is stored, so a leaked table cannot be replayed as cookies. */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export async function createSession({ userId, now = new Date() }: { userId: number; now?: Date }) {
  const token = generateToken();
  const session: TSession = {
    id: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  };
  await db().insert(sessions).values(session);
  return { token, session };
}

export async function validateSessionToken(
  token: string,
  now: Date = new Date(),
): Promise<{ session: TSession; user: TSessionUser } | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const id = hashToken(token);
  const rows = await db()
    .select({
      // Selected field by field: the password hash never leaves the users table here.
      session: { id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt },
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        subscription: users.subscription,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (row.session.expiresAt.getTime() <= now.getTime()) {
    await db().delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  return row;
}

export async function invalidateSession(sessionId: string) {
  await db().delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateUserSessions(userId: number, options: { except?: string } = {}) {
  const rows = await db().delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return rows.filter((r) => r.id !== options.except).length;
}

export async function deleteExpiredSessions(now: Date = new Date()) {
  await db()
    .delete(sessions)
    .where(and(lt(sessions.expiresAt, now)));
}
