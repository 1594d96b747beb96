import { aliasedTable, and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { conversations, reviewReports, reviews, users } from '../../db/schema/index.ts';
import { toPerson, toReport } from './report-view.ts';

/**
 * The queue's "Reported reviews": public reviews with open reports, oldest first (at most
 * `limit`), each with its buyer, its seller and its open reports; `total` is exact.
 */
export async function listReportedReviews(limit: number) {
  const buyer = aliasedTable(users, 'buyer');
  const seller = aliasedTable(users, 'seller');
  const open = isNull(reviewReports.resolvedAt);
  const reported = and(
    isNull(reviews.removedAt),
    inArray(reviews.id, db().selectDistinct({ id: reviewReports.reviewId }).from(reviewReports).where(open)),
  );
  const rowsQuery = db()
    .select({
      id: reviews.id,
      rating: reviews.rating,
      text: reviews.text,
      reply: reviews.reply,
      createdAt: reviews.createdAt,
      adHeading: conversations.adHeading,
      buyerId: buyer.id,
      buyerName: buyer.name,
      buyerBannedAt: buyer.bannedAt,
      sellerId: reviews.sellerId,
      sellerName: seller.name,
      sellerBannedAt: seller.bannedAt,
    })
    .from(reviews)
    .leftJoin(buyer, eq(buyer.id, reviews.buyerId))
    .leftJoin(seller, eq(seller.id, reviews.sellerId))
    .leftJoin(conversations, eq(conversations.id, reviews.conversationId))
    .where(reported)
    .orderBy(asc(reviews.id))
    .limit(limit);
  const [rows, [total]] = await Promise.all([
    rowsQuery,
    db().select({ n: sql<number>`count(*)::int` }).from(reviews).where(reported),
  ]);
  const ids = rows.map((r) => r.id);
  const reports = ids.length
    ? await db()
        .select({
          id: reviewReports.id,
          reviewId: reviewReports.reviewId,
          reason: reviewReports.reason,
          details: reviewReports.details,
          createdAt: reviewReports.createdAt,
          reporterName: users.name,
        })
        .from(reviewReports)
        .leftJoin(users, eq(users.id, reviewReports.reporterId))
        .where(and(inArray(reviewReports.reviewId, ids), open))
        .orderBy(asc(reviewReports.id))
    : [];
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({
      id: r.id,
      rating: r.rating,
      text: r.text,
      reply: r.reply,
      adHeading: r.adHeading ?? '',
      createdAt: r.createdAt.toISOString(),
      buyer: toPerson(r.buyerId, r.buyerName, r.buyerBannedAt),
      seller: toPerson(r.sellerId, r.sellerName, r.sellerBannedAt),
      reports: reports.filter((x) => x.reviewId === r.id).map(toReport),
    })),
  };
}
