import { REVIEW_TEXTS } from '../constants/reviews.ts';
import { clientIp } from '../lib/client-ip.ts';
import { limitReports, limitReviews } from '../middleware/rate-limit.ts';
import { requireUser } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonBody, jsonResponse } from '../openapi/route.ts';
import { ZIdParam } from '../schemas/fields.ts';
import { ZOk } from '../schemas/responses/common.ts';
import { ZReviewAnswer, ZSellerReviews } from '../schemas/responses/review.ts';
import { ZReportReview, ZReviewInput, ZReviewReply, ZSellerReviewsQuery } from '../schemas/review.ts';
import { ZSellerParam } from '../schemas/seller.ts';
import { createReview } from '../services/reviews/create-review.ts';
import { listSellerReviews } from '../services/reviews/list-seller-reviews.ts';
import { replyToReview } from '../services/reviews/reply-to-review.ts';
import { reportReview } from '../services/reviews/report-review.ts';
import { updateReview } from '../services/reviews/update-review.ts';

const tags: ['Reviews'] = ['Reviews'];
/** The facts of a review write by its buyer or its seller (createReview, updateReview, replyToReview). */
const reviewWrite = {
  tags,
  access: 'owner',
  bodyLimit: 'json',
  rateLimits: ['reviewsPerUser', 'reviewsIp'],
  load: 'counted',
  pageCache: 'empties',
  middleware: requireUser,
} as const;

/**
 * Reviews of sellers (docs/RULES.md, Reviews): the buyer of a conversation in which both sides
 * wrote reviews its seller once, may change it for 14 days, and the seller answers once.
 * Anyone reads a seller's reviews and may report one to the moderators.
 */
export const reviewRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'post',
      path: '/conversations/{id}/review',
      operationId: 'createReview',
      summary: 'Review the seller of a conversation in which both sides wrote (its buyer, once)',
      ...reviewWrite,
      // 400: the caller is the seller (their own ad); 403: not both have written yet;
      // 409: already reviewed, or the seller's account is gone.
      errors: [409],
      request: { params: ZIdParam, body: jsonBody(ZReviewInput) },
      responses: { 201: jsonResponse('The review.', ZReviewAnswer) },
    }),
    async (c) => {
      const review = await createReview({
        user: c.var.user!,
        countAgainstLimits: () => limitReviews(c.var.user!.id, clientIp(c)),
        conversationId: c.req.valid('param').id,
        input: c.req.valid('json'),
      });
      return c.json({ success: true as const, message: REVIEW_TEXTS.created, review }, 201);
    },
  )
  .openapi(
    declareRoute({
      method: 'patch',
      path: '/reviews/{id}',
      operationId: 'updateReview',
      summary: 'Change your review’s stars and text, within 14 days of writing it',
      ...reviewWrite,
      request: { params: ZIdParam, body: jsonBody(ZReviewInput) },
      responses: { 200: jsonResponse('The review as changed.', ZReviewAnswer) },
    }),
    async (c) => {
      const review = await updateReview({
        user: c.var.user!,
        countAgainstLimits: () => limitReviews(c.var.user!.id, clientIp(c)),
        id: c.req.valid('param').id,
        input: c.req.valid('json'),
      });
      return c.json({ success: true as const, message: REVIEW_TEXTS.updated, review }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/reviews/{id}/reply',
      operationId: 'replyToReview',
      summary: 'Answer a review of you, once (the reviewed seller only)',
      ...reviewWrite,
      // 409: already answered.
      errors: [409],
      request: { params: ZIdParam, body: jsonBody(ZReviewReply) },
      responses: { 201: jsonResponse('The review with its answer.', ZReviewAnswer) },
    }),
    async (c) => {
      const review = await replyToReview({
        user: c.var.user!,
        countAgainstLimits: () => limitReviews(c.var.user!.id, clientIp(c)),
        id: c.req.valid('param').id,
        reply: c.req.valid('json').reply,
      });
      return c.json({ success: true as const, message: REVIEW_TEXTS.replied, review }, 201);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/sellers/{id}/reviews',
      operationId: 'listSellerReviews',
      summary: 'A seller’s rating (average, count) and their reviews, newest first, paged',
      description: 'The id, or the seller page’s slug that starts with it (12-emma-jones).',
      tags,
      access: 'public',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'shared',
      request: { params: ZSellerParam, query: ZSellerReviewsQuery },
      responses: { 200: jsonResponse('The rating and one page of reviews.', ZSellerReviews) },
    }),
    async (c) => {
      const { page, limit } = c.req.valid('query');
      const result = await listSellerReviews({ sellerId: c.req.valid('param').id, page, limit });
      return c.json({ success: true as const, message: REVIEW_TEXTS.loaded, ...result }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/reviews/{id}/report',
      operationId: 'reportReview',
      summary: 'Report a review to the moderators (signed-out visitors too), as ads are reported',
      tags,
      access: 'public',
      bodyLimit: 'json',
      rateLimits: ['reportsPerUser', 'reportIp'],
      load: 'counted',
      pageCache: 'keeps',
      // 409: already reported by the caller.
      errors: [409],
      request: { params: ZIdParam, body: jsonBody(ZReportReview) },
      responses: { 201: jsonResponse('Reported.', ZOk) },
    }),
    async (c) => {
      const user = c.var.user ?? null;
      await limitReports(c, user?.id);
      await reportReview({ id: c.req.valid('param').id, input: c.req.valid('json'), user, ip: clientIp(c) });
      return c.json({ success: true as const, message: REVIEW_TEXTS.reported }, 201);
    },
  );
