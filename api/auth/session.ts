import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { TSession, TSessionUser } from '../context.ts';
import { type Db, db, type Tx } from '../db/client.ts';
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

/** A session's last-seen time is written at most this often: one small write per few minutes, not per request. */
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

/** Kept to this length: enough to tell the browser and device apart, never a large header stored. */
const MAX_USER_AGENT = 512;

export async function createSession({
  userId,
  userAgent = '',
  now = new Date(),
}: {
  userId: number;
  /** The browser's User-Agent header, shown (parsed) in the account's session list. */
  userAgent?: string;
  now?: Date;
}) {
  const token = generateToken();
  const session: TSession = {
    id: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  };
  await db()
    .insert(sessions)
    .values({ ...session, userAgent: userAgent.slice(0, MAX_USER_AGENT), lastSeenAt: now });
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
      lastSeenAt: sessions.lastSeenAt,
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        subscription: users.subscription,
        emailVerified: sql<boolean>`(${users.emailVerifiedAt} IS NOT NULL)`,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A banned account's sessions are deleted by the ban; this also refuses one that raced it.
    .where(and(eq(sessions.id, id), isNull(users.bannedAt)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  // Never trust an answer for another session (a driver that mixed up answers after a fault).
  if (row.session.id !== id) throw new Error('session lookup answered for another session');
  if (row.session.expiresAt.getTime() <= now.getTime()) {
    await db().delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
    await db().update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return { session: row.session, user: row.user };
}

export async function invalidateSession(sessionId: string) {
  await db().delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user except `keep` (the caller's own); resolves to how many ended. */
export async function invalidateOtherSessions(userId: number, keep: string, q: Db | Tx = db()) {
  const rows = await q
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep)))
    .returning({ id: sessions.id });
  return rows.length;
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
