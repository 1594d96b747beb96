import { aliasedTable, and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { TAdState } from '../../constants/ad-states.ts';
import type { THeldReason } from '../../constants/moderation.ts';
import { db } from '../../db/client.ts';
import { adReports, ads, conversationReports, conversations, users } from '../../db/schema/index.ts';
import { listFraudFlags, openFraudFlagOnAd } from './list-fraud-flags.ts';
import { listRemovedAds } from './list-removed-ads.ts';
import { listReportedReviews } from './list-reported-reviews.ts';
import { type TPerson, toPerson, toReport } from './report-view.ts';

/** Each section of the queue shows at most this many items, oldest first; the counts are exact. */
export const MODERATION_QUEUE_LIMIT = 100;

const adColumns = {
  id: ads.id,
  slug: ads.slug,
  heading: ads.heading,
  price: ads.price,
  status: ads.status,
  heldReason: ads.heldReason,
  image: ads.image,
  createdAt: ads.createdAt,
  ownerId: users.id,
  ownerName: users.name,
  ownerBannedAt: users.bannedAt,
};

async function withAdReports(rows: { id: number }[]) {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return new Map<number, ReturnType<typeof toReport>[]>();
  const reports = await db()
    .select({
      id: adReports.id,
      adId: adReports.adId,
      reason: adReports.reason,
      details: adReports.details,
      createdAt: adReports.createdAt,
      reporterName: users.name,
    })
    .from(adReports)
    .leftJoin(users, eq(users.id, adReports.reporterId))
    .where(and(inArray(adReports.adId, ids), isNull(adReports.resolvedAt)))
    .orderBy(asc(adReports.id));
  const byAd = new Map<number, ReturnType<typeof toReport>[]>();
  for (const r of reports) byAd.set(r.adId, [...(byAd.get(r.adId) ?? []), toReport(r)]);
  return byAd;
}

/**
 * listModerationQueue: what waits for a moderator (docs/MODERATION.md), each with its open
 * reports and fraud flags: ads held for review (pending), ads reported but still public
 * (below the threshold), ads with fraud signals below the hold score, reported
 * conversations, reported reviews, the latest removals and the banned accounts.
 */
export async function listModerationQueue() {
  const openReportOnAd = sql`EXISTS (SELECT 1 FROM ${adReports} WHERE ${adReports.adId} = ${ads.id} AND ${adReports.resolvedAt} IS NULL)`;
  // Flagged: public or otherwise not held, with open fraud signals and no open report (those are listed as reported).
  const flaggedOnly = and(
    ne(ads.status, 'pending'),
    ne(ads.status, 'removed'),
    openFraudFlagOnAd,
    sql`NOT ${openReportOnAd}`,
  );
  const [pending, reported, flagged, [pendingCount], [reportedCount], [flaggedCount]] = await Promise.all([
    db()
      .select(adColumns)
      .from(ads)
      .innerJoin(users, eq(users.id, ads.userId))
      .where(eq(ads.status, 'pending'))
      .orderBy(asc(ads.updatedAt), asc(ads.id))
      .limit(MODERATION_QUEUE_LIMIT),
    db()
      .select(adColumns)
      .from(ads)
      .innerJoin(users, eq(users.id, ads.userId))
      .where(and(ne(ads.status, 'pending'), ne(ads.status, 'removed'), openReportOnAd))
      .orderBy(asc(ads.id))
      .limit(MODERATION_QUEUE_LIMIT),
    db()
      .select(adColumns)
      .from(ads)
      .innerJoin(users, eq(users.id, ads.userId))
      .where(flaggedOnly)
      .orderBy(asc(ads.id))
      .limit(MODERATION_QUEUE_LIMIT),
    db().select({ n: count() }).from(ads).where(eq(ads.status, 'pending')),
    db()
      .select({ n: count() })
      .from(ads)
      .where(and(ne(ads.status, 'pending'), ne(ads.status, 'removed'), openReportOnAd)),
    db().select({ n: count() }).from(ads).where(flaggedOnly),
  ]);
  const [reports, flags] = await Promise.all([
    withAdReports([...pending, ...reported]),
    listFraudFlags([...pending, ...reported, ...flagged].map((a) => a.id)),
  ]);
  const toAd = (a: (typeof pending)[number]) => ({
    id: a.id,
    slug: a.slug,
    heading: a.heading,
    price: a.price,
    status: a.status as TAdState,
    heldReason: (a.heldReason as THeldReason | null) ?? null,
    image: a.image ?? '',
    createdAt: a.createdAt.toISOString(),
    owner: { id: a.ownerId, name: a.ownerName, banned: !!a.ownerBannedAt } satisfies TPerson,
    reports: reports.get(a.id) ?? [],
    fraudFlags: flags.get(a.id) ?? [],
  });

  const [conversationsPage, reviewsPage, banned, removed] = await Promise.all([
    listReportedConversations(),
    listReportedReviews(MODERATION_QUEUE_LIMIT),
    listBannedUsers(),
    listRemovedAds(),
  ]);
  return {
    pendingAds: pending.map(toAd),
    reportedAds: reported.map(toAd),
    flaggedAds: flagged.map(toAd),
    reportedConversations: conversationsPage.rows,
    reportedReviews: reviewsPage.rows,
    bannedUsers: banned,
    removedAds: removed,
    counts: {
      pendingAds: pendingCount?.n ?? 0,
      reportedAds: reportedCount?.n ?? 0,
      reportedConversations: conversationsPage.total,
      flaggedAds: flaggedCount?.n ?? 0,
      reportedReviews: reviewsPage.total,
    },
  };
}

/** Banned accounts, most recent ban first, so a ban can be lifted. */
async function listBannedUsers() {
  const rows = await db()
    .select({ id: users.id, name: users.name, bannedAt: users.bannedAt, reason: users.banReason })
    .from(users)
    .where(isNotNull(users.bannedAt))
    .orderBy(desc(users.bannedAt))
    .limit(MODERATION_QUEUE_LIMIT);
  return rows.map((r) => ({ id: r.id, name: r.name, reason: r.reason, bannedAt: r.bannedAt!.toISOString() }));
}

async function listReportedConversations() {
  const buyer = aliasedTable(users, 'buyer');
  const seller = aliasedTable(users, 'seller');
  const open = isNull(conversationReports.resolvedAt);
  const openIds = db().selectDistinct({ id: conversationReports.conversationId }).from(conversationReports).where(open);
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: conversations.id,
        adId: conversations.adId,
        adHeading: conversations.adHeading,
        buyerId: buyer.id,
        buyerName: buyer.name,
        buyerBannedAt: buyer.bannedAt,
        sellerId: seller.id,
        sellerName: seller.name,
        sellerBannedAt: seller.bannedAt,
      })
      .from(conversations)
      .leftJoin(buyer, eq(buyer.id, conversations.buyerId))
      .leftJoin(seller, eq(seller.id, conversations.sellerId))
      .where(inArray(conversations.id, openIds))
      .orderBy(asc(conversations.id))
      .limit(MODERATION_QUEUE_LIMIT),
    db()
      .select({ n: sql<number>`count(DISTINCT ${conversationReports.conversationId})::int` })
      .from(conversationReports)
      .where(open),
  ]);
  const ids = rows.map((r) => r.id);
  const reports = ids.length
    ? await db()
        .select({
          id: conversationReports.id,
          conversationId: conversationReports.conversationId,
          reason: conversationReports.reason,
          createdAt: conversationReports.createdAt,
          reporterName: users.name,
        })
        .from(conversationReports)
        .leftJoin(users, eq(users.id, conversationReports.reporterId))
        .where(and(inArray(conversationReports.conversationId, ids), open))
        .orderBy(asc(conversationReports.id))
    : [];
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({
      id: r.id,
      adId: r.adId,
      adHeading: r.adHeading,
      buyer: toPerson(r.buyerId, r.buyerName, r.buyerBannedAt),
      seller: toPerson(r.sellerId, r.sellerName, r.sellerBannedAt),
      reports: reports
        .filter((x) => x.conversationId === r.id)
        .map((x) => ({
          id: x.id,
          reason: x.reason,
          createdAt: x.createdAt.toISOString(),
          reporter: x.reporterName ?? 'Deleted user',
        })),
    })),
  };
}
export type TModerationQueue = Awaited<ReturnType<typeof listModerationQueue>>;
