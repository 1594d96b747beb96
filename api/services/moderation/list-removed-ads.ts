import { and, desc, eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { ads, auditLog, users } from '../../db/schema/index.ts';

/** The queue lists this many removals, newest first. */
export const REMOVED_ADS_LIMIT = 50;

/**
 * listRemovedAds: the ads moderators removed most recently, each with its owner and the
 * moderator's reason, so the owner can still be banned (or unbanned) from where the removal
 * happened. Read from the audit log, which keeps when and why.
 */
export async function listRemovedAds() {
  const rows = await db()
    .select({
      id: ads.id,
      slug: ads.slug,
      heading: ads.heading,
      image: ads.image,
      removedAt: auditLog.createdAt,
      reason: auditLog.reason,
      removedBy: auditLog.actorName,
      ownerId: users.id,
      ownerName: users.name,
      ownerBannedAt: users.bannedAt,
    })
    .from(auditLog)
    .innerJoin(ads, and(eq(ads.id, auditLog.targetId), eq(ads.status, 'removed')))
    .innerJoin(users, eq(users.id, ads.userId))
    .where(and(eq(auditLog.action, 'remove-ad'), eq(auditLog.targetType, 'ad')))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(REMOVED_ADS_LIMIT);
  const seen = new Set<number>();
  return rows
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .map((r) => ({
      id: r.id,
      slug: r.slug,
      heading: r.heading,
      image: r.image ?? '',
      removedAt: r.removedAt.toISOString(),
      reason: r.reason,
      removedBy: r.removedBy,
      owner: { id: r.ownerId, name: r.ownerName, banned: r.ownerBannedAt !== null },
    }));
}
