import { eq } from 'drizzle-orm';
import { REVIEW_TEXTS } from '../../constants/reviews.ts';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { reviewReports, reviews, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { TReportReview } from '../../schemas/review.ts';
import { passesBotCheck } from '../inbox/bot-check.ts';
import { reporterKey } from '../moderation/report-ad.ts';

/**
 * reportReview: anyone, signed in or not, reports a public review to the moderators, as ads
 * are reported (the honeypot, one open report per person, the same rate limits). Reports
 * only put the review in the queue: it stays public until a moderator removes it. Its author
 * cannot report it (400); a removed review, or one whose buyer is banned, is not found (404).
 */
export async function reportReview(options: {
  id: number;
  input: TReportReview;
  user?: TSessionUser | null;
  ip: string;
}): Promise<void> {
  const { id, input, user } = options;
  if (!passesBotCheck(input)) return;
  const [review] = await db()
    .select({ buyerId: reviews.buyerId, removedAt: reviews.removedAt, buyerBannedAt: users.bannedAt })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.buyerId))
    .where(eq(reviews.id, id));
  if (!review || review.removedAt || review.buyerBannedAt) throw new AppError('NOT_FOUND', REVIEW_TEXTS.notFound);
  if (user && review.buyerId === user.id) throw new AppError('BAD_REQUEST', REVIEW_TEXTS.cannotReportOwn);
  const inserted = await db()
    .insert(reviewReports)
    .values({
      reviewId: id,
      reporterId: user?.id ?? null,
      reporterKey: reporterKey(user, options.ip),
      reason: input.reason,
      details: input.details,
    })
    .onConflictDoNothing()
    .returning({ id: reviewReports.id });
  if (!inserted.length) throw new AppError('CONFLICT', REVIEW_TEXTS.alreadyReported);
}
