import './zod-setup.ts';
import { z } from 'zod';
import { ZAdQuery } from './ad-query.ts';

/** GET /api/sellers/{id}: the seller's id, or the page's slug that starts with it ("12-emma-jones"). */
export const ZSellerParam = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,9}(-[\p{L}\p{N}-]*)?$/u, 'Seller not found.')
    .transform((s) => Number(s.split('-')[0]))
    .pipe(z.number().int().max(2_147_483_647, 'Seller not found.')),
});

/** The seller page's paging: the ad list's own page rule. */
export const ZSellerQuery = z.object({ page: ZAdQuery.shape.page });
