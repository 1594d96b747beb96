import './zod-setup.ts';
import { z } from 'zod';
import { ZAdQuery } from './ad-query.ts';

/** GET /api/sellers/{id}: the seller's id, or the page's slug that starts with it ("12-emma-jones"). */
export const ZSellerParam = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,9}(-[\p{L}\p{N}-]*)?$/u, 'Seller not found.')
    // The document's pattern, in the syntax JSON Schema takes (no regex flags; the letters of
    // any script are what the server checks): a real id ("12" or "12-emma-jones") matches it.
    .openapi({ pattern: '^[1-9][0-9]{0,9}(-[^/?#]*)?$', example: '12-emma-jones' })
    .transform((s) => Number(s.split('-')[0]))
    .pipe(z.number().int().max(2_147_483_647, 'Seller not found.')),
});

/** The seller page's paging: the ad list's own page rule. */
export const ZSellerQuery = z.object({ page: ZAdQuery.shape.page });
