import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { ZAdCard } from './ad.ts';
import { ZDateTime, ZRecordId } from './common.ts';
import { ZRating } from './review.ts';

/** GET /api/sellers/{id}: a seller's public profile and one page of their ads on offer. */
export const ZSeller = z
  .object({
    success: z.literal(true),
    message: z.string(),
    seller: z.object({
      id: ZRecordId,
      name: z.string(),
      slug: z.string().openapi({ description: 'The seller page is /seller/{slug}.' }),
      memberSince: ZDateTime,
      activeCount: z.number().int().min(0),
      soldCount: z.number().int().min(0).openapi({ description: 'Ads of theirs marked sold.' }),
      emailVerified: z.boolean().openapi({ description: 'They confirmed their email address.' }),
      recentConversations: z
        .number()
        .int()
        .min(0)
        .openapi({ description: 'Conversations buyers started with them in the last 90 days.' }),
      responseRate: z.number().min(0).max(1).nullable().openapi({
        description:
          'Share of those conversations whose first message they answered within 48 hours; null with fewer than 3.',
      }),
      responseMinutes: z.number().int().min(0).nullable().openapi({
        description: 'Median minutes to those answers; null with fewer than 3 conversations or none answered.',
      }),
      rating: ZRating.openapi({ description: 'Their reviews’ average (one decimal) and count.' }),
    }),
    ads: z.array(ZAdCard),
    total: z.number().int().min(0),
    totalPages: z.number().int().min(0),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
  })
  .openapi('Seller');
