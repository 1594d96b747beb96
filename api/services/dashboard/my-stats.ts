import { and, count, eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { ads, wishlistItems } from '../../db/schema/index.ts';
import { publicAdFilter } from '../ads/public-ad-filter.ts';
import { unreadCount } from '../messages/unread-count.ts';

/**
 * A signed-in user's own figures for their dashboard (GET /api/my-dashboard-stats): their ads
 * on the site now (as the public sees them), all their ads, unread messages and saved ads.
 */
export async function getMyStats({ userId }: { userId: number }) {
  const [live, all, saved, unread] = await Promise.all([
    db()
      .select({ n: count() })
      .from(ads)
      .where(and(eq(ads.userId, userId), publicAdFilter())),
    db().select({ n: count() }).from(ads).where(eq(ads.userId, userId)),
    db().select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.userId, userId)),
    unreadCount(userId),
  ]);
  return {
    liveAds: Number(live[0]?.n ?? 0),
    allAds: Number(all[0]?.n ?? 0),
    wishlist: Number(saved[0]?.n ?? 0),
    unreadMessages: unread,
  };
}
export type TMyStats = Awaited<ReturnType<typeof getMyStats>>;
