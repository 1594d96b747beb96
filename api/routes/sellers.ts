import { createRouter, declareRoute, jsonResponse } from '../openapi/route.ts';
import { ZSeller } from '../schemas/responses/seller.ts';
import { ZSellerParam, ZSellerQuery } from '../schemas/seller.ts';
import { getSeller } from '../services/sellers/get-seller.ts';

/** Public seller profiles (the /seller/{id or slug} page reads the same service). */
export const sellerRoutes = createRouter().openapi(
  declareRoute({
    method: 'get',
    path: '/sellers/{id}',
    operationId: 'getSeller',
    summary: 'A seller’s public profile: name, member since, ads sold and one page of their ads on offer',
    description: 'The id, or the seller page’s slug that starts with it (12-emma-jones). Never the email or phone.',
    tags: ['Sellers'],
    access: 'public',
    bodyLimit: 'none',
    rateLimits: [],
    load: 'counted',
    pageCache: 'shared',
    request: { params: ZSellerParam, query: ZSellerQuery },
    responses: { 200: jsonResponse('The seller and one page of their ads.', ZSeller) },
  }),
  async (c) => {
    const result = await getSeller({ id: c.req.valid('param').id, page: c.req.valid('query').page });
    return c.json({ success: true as const, message: 'Seller loaded', ...result }, 200);
  },
);
