import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { ZDateTime, ZRecordId } from './common.ts';

const ok = { success: z.literal(true), message: z.string() };

/** A seller's rating: the average of their public reviews' stars (one decimal) and how many. */
export const ZRating = z
  .object({
    average: z.number().min(1).max(5).nullable().openapi({ description: 'One decimal; null without reviews.' }),
    count: z.number().int().min(0),
  })
  .openapi('Rating');

export const ZReview = z
  .object({
    id: ZRecordId,
    rating: z.number().int().min(1).max(5),
    text: z.string().openapi({ description: 'Plain text (show it as text), possibly empty.' }),
    buyerName: z.string().openapi({ description: "The buyer's first name, or 'Former member' once deleted." }),
    adHeading: z.string().openapi({ description: 'The ad the conversation was about.' }),
    createdAt: ZDateTime,
    updatedAt: ZDateTime,
    editableUntil: ZDateTime.openapi({ description: 'The buyer may change it until then (14 days).' }),
    reply: z
      .object({ text: z.string(), createdAt: ZDateTime })
      .nullable()
      .openapi({ description: "The seller's answer; null until they answer." }),
  })
  .openapi('Review');

export const ZReviewAnswer = z.object({ ...ok, review: ZReview });

/** GET /api/sellers/{id}/reviews: the rating and one page of reviews, newest first. */
export const ZSellerReviews = z
  .object({
    ...ok,
    rating: ZRating,
    reviews: z.array(ZReview),
    total: z.number().int().min(0),
    totalPages: z.number().int().min(0),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
  })
  .openapi('SellerReviews');

/** What a conversation's thread says about its review. */
export const ZConversationReview = z
  .object({
    eligible: z.boolean().openapi({
      description: 'The caller is the buyer, both sides have written and no review exists yet: they may write one.',
    }),
    review: ZReview.nullable().openapi({ description: 'The review of this conversation, if there is one.' }),
  })
  .openapi('ConversationReview');
