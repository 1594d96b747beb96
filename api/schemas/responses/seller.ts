import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { ZAdCard } from './ad.ts';
import { ZDateTime, ZRecordId } from './common.ts';

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
    }),
    ads: z.array(ZAdCard),
    total: z.number().int().min(0),
    totalPages: z.number().int().min(0),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
  })
  .openapi('Seller');
