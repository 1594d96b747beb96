import './zod-setup.ts';
import { z } from 'zod';
import {
  REVIEW_REPLY_MAX,
  REVIEW_TEXT_MAX,
  REVIEW_TEXTS,
  REVIEWS_MAX_LIMIT,
  REVIEWS_SHOWN,
} from '../constants/reviews.ts';
import { stripNul } from './ad-query.ts';
import { ZReportAd } from './moderation.ts';
import { zLimitOr, zPage } from './paging.ts';

/** Characters as people count them (code points), as the database's char_length does. */
const chars = (s: string) => [...s].length;
const plain = () => z.string({ error: REVIEW_TEXTS.text }).transform((s) => stripNul(s).trim());

/** createReview and updateReview: 1–5 stars (a form's "4" counts as 4) and an optional text. */
export const ZReviewInput = z.object({
  rating: z.coerce
    .number({ error: REVIEW_TEXTS.rating })
    .int(REVIEW_TEXTS.rating)
    .min(1, REVIEW_TEXTS.rating)
    .max(5, REVIEW_TEXTS.rating),
  text: plain()
    .refine((s) => chars(s) <= REVIEW_TEXT_MAX, REVIEW_TEXTS.text)
    .optional()
    .default(''),
});
export type TReviewInput = z.infer<typeof ZReviewInput>;

/** replyToReview: the seller's one answer, 1–500 characters. */
export const ZReviewReply = z.object({
  reply: z
    .string({ error: REVIEW_TEXTS.replyRequired })
    .transform((s) => stripNul(s).trim())
    .refine((s) => s.length > 0, REVIEW_TEXTS.replyRequired)
    .refine((s) => chars(s) <= REVIEW_REPLY_MAX, REVIEW_TEXTS.reply),
});

/** reportReview: the ad report's reason, details and honeypot, about a review. */
export const ZReportReview = ZReportAd.omit({ adId: true });
export type TReportReview = z.infer<typeof ZReportReview>;

/** listSellerReviews: newest first, paged by the shared paging rule. */
export const ZSellerReviewsQuery = z.object({
  page: zPage(),
  limit: zLimitOr(REVIEWS_MAX_LIMIT, REVIEWS_SHOWN),
});
