import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { adReports, conversationReports, fraudFlags, reviewReports } from '../../db/schema/index.ts';

/** Marks the open reports on ad `adId` as dealt with; resolves to how many there were. */
export async function resolveAdReports(tx: Tx, adId: number, now = new Date()): Promise<number> {
  const rows = await tx
    .update(adReports)
    .set({ resolvedAt: now })
    .where(and(eq(adReports.adId, adId), isNull(adReports.resolvedAt)))
    .returning({ id: adReports.id });
  return rows.length;
}

/** Marks the open reports on conversation `id` as dealt with; resolves to how many there were. */
export async function resolveConversationReports(tx: Tx, id: number, now = new Date()): Promise<number> {
  const rows = await tx
    .update(conversationReports)
    .set({ resolvedAt: now })
    .where(and(eq(conversationReports.conversationId, id), isNull(conversationReports.resolvedAt)))
    .returning({ id: conversationReports.id });
  return rows.length;
}

/**
 * Dismisses the open fraud flags on ad `adId` (a moderator approved it): like a dismissed
 * match they are remembered, so the ad's next edit does not hold it again for the same
 * signals. Resolves to how many there were.
 */
export async function resolveFraudFlags(tx: Tx, adId: number, moderatorId: number, now = new Date()): Promise<number> {
  const rows = await tx
    .update(fraudFlags)
    .set({ dismissedAt: now, dismissedBy: moderatorId })
    .where(and(eq(fraudFlags.adId, adId), isNull(fraudFlags.dismissedAt)))
    .returning({ id: fraudFlags.id });
  return rows.length;
}

/** Marks the open reports on review `id` as dealt with; resolves to how many there were. */
export async function resolveReviewReports(tx: Tx, id: number, now = new Date()): Promise<number> {
  const rows = await tx
    .update(reviewReports)
    .set({ resolvedAt: now })
    .where(and(eq(reviewReports.reviewId, id), isNull(reviewReports.resolvedAt)))
    .returning({ id: reviewReports.id });
  return rows.length;
}
