import { and, count, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { adReports, ads, conversationReports, inboxMessages, planRequests, users } from '../../db/schema/index.ts';
import { publicAdFilter } from '../ads/public-ad-filter.ts';
import { unreadCount } from '../messages/unread-count.ts';

/** Days the dashboard's chart of new ads covers, today included. */
export const CHART_DAYS = 30;
/** "New this week": ads posted in the last this many days. */
export const WEEK_DAYS = 7;

const DAY_MS = 86_400_000;

/** Midnight UTC `days - 1` days before `now`'s day: the first day of a window ending today. */
export function windowStart(now: Date, days: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

/** One entry per UTC day from `start`, `days` long, with the count found for it (else 0). */
export function fillDays(start: Date, days: number, found: { day: string; n: number }[]) {
  const byDay = new Map(found.map((r) => [r.day, Number(r.n)]));
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, count: byDay.get(date) ?? 0 };
  });
}

const n = (rows: { n: number | string }[]) => Number(rows[0]?.n ?? 0);

/**
 * The admin dashboard's figures (GET /api/admin/dashboard-stats), each counted in the database
 * now: ads on the site (what the public sees: active or reserved, not expired, owner not
 * banned), ads posted in the last seven days, users, what waits for a moderator (ads held for
 * review, public ads with open reports, reported conversations), unread inbox messages,
 * pending plan requests, the admin's own unread messages, and new ads per UTC day for the last
 * thirty days.
 */
export async function getSiteStats({ adminId, now = new Date() }: { adminId: number; now?: Date }) {
  const weekStart = new Date(now.getTime() - WEEK_DAYS * DAY_MS);
  const chartStart = windowStart(now, CHART_DAYS);
  const day = sql<string>`to_char(${ads.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const openAdReport = sql`EXISTS (SELECT 1 FROM ${adReports} WHERE ${adReports.adId} = ${ads.id} AND ${adReports.resolvedAt} IS NULL)`;
  const [live, newThisWeek, userCount, pending, reported, conversations, inbox, planRequestCount, perDay, unread] =
    await Promise.all([
      db().select({ n: count() }).from(ads).where(publicAdFilter()),
      db().select({ n: count() }).from(ads).where(gte(ads.createdAt, weekStart)),
      db().select({ n: count() }).from(users),
      db().select({ n: count() }).from(ads).where(eq(ads.status, 'pending')),
      db()
        .select({ n: count() })
        .from(ads)
        .where(and(ne(ads.status, 'pending'), ne(ads.status, 'removed'), openAdReport)),
      db()
        .select({ n: sql<number>`count(DISTINCT ${conversationReports.conversationId})::int` })
        .from(conversationReports)
        .where(isNull(conversationReports.resolvedAt)),
      db().select({ n: count() }).from(inboxMessages).where(isNull(inboxMessages.readAt)),
      db().select({ n: count() }).from(planRequests).where(eq(planRequests.status, 'pending')),
      db().select({ day, n: count() }).from(ads).where(gte(ads.createdAt, chartStart)).groupBy(day),
      unreadCount(adminId),
    ]);
  const moderation = { pendingAds: n(pending), reportedAds: n(reported), reportedConversations: n(conversations) };
  return {
    liveAds: n(live),
    newAdsThisWeek: n(newThisWeek),
    users: n(userCount),
    moderation: {
      ...moderation,
      total: moderation.pendingAds + moderation.reportedAds + moderation.reportedConversations,
    },
    unreadInbox: n(inbox),
    pendingPlanRequests: n(planRequestCount),
    unreadMessages: unread,
    adsPerDay: fillDays(chartStart, CHART_DAYS, perDay),
  };
}
export type TSiteStats = Awaited<ReturnType<typeof getSiteStats>>;
