import { and, desc, eq, gt } from 'drizzle-orm';
import { invalidateOtherSessions } from '../../auth/session.ts';
import type { TSession, TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';

/**
 * A session's id in the list: the start of its stored hash. Enough to tell sessions apart,
 * and not the stored key itself (which, though not a token, need not leave the server).
 */
const publicId = (id: string) => id.slice(0, 16);

/** The caller's live sessions, the current one first, then by last activity. */
export async function listMySessions({
  user,
  session,
  now = new Date(),
}: {
  user: TSessionUser;
  session: TSession;
  now?: Date;
}) {
  const rows = await db()
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
  return rows
    .map((r) => ({
      id: publicId(r.id),
      current: r.id === session.id,
      ...describeUserAgent(r.userAgent),
      signedInAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** "Sign out everywhere else": every session of the caller but this one ends. */
export async function revokeOtherSessions({ user, session }: { user: TSessionUser; session: TSession }) {
  return { ended: await invalidateOtherSessions(user.id, session.id) };
}
