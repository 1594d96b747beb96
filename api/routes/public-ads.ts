import { createRouter, declareRoute, jsonResponse } from '../openapi/route.ts';
import { ZAdQuery, ZAdSlugParam } from '../schemas/ad-query.ts';
import { ZAdBySlug, ZAdList } from '../schemas/responses/ad.ts';
import { getAdBySlug } from '../services/ads/get-ad-by-slug.ts';
import { listAds } from '../services/ads/list-ads.ts';

const tags: ['Ads'] = ['Ads'];

export const publicAdRoutes = createRouter()
  // The home page's and the browse page's ad list.
  .openapi(
    declareRoute({
      method: 'get',
      path: '/all-ads',
      operationId: 'listAds',
      summary: 'Search, filter and page through the ads, newest first or by price',
      tags,
      access: 'public',
      request: { query: ZAdQuery },
      responses: { 200: jsonResponse('One page of ads.', ZAdList) },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const result = await listAds({
        page: q.page,
        limit: q.limit,
        search: q.search,
        category: q.category,
        sort: q.sort,
        minPrice: q.min_price,
        maxPrice: q.max_price,
      });
      return c.json(
        {
          success: true as const,
          ads: result.ads,
          total: result.total,
          totalPages: result.totalPages,
          page: result.page,
          limit: result.limit,
          message: result.total ? 'Ads loaded' : 'No results found.',
        },
        200,
      );
    },
  )
  // Public to read: visitors open ad pages without signing in.
  .openapi(
    declareRoute({
      method: 'get',
      path: '/ads-by-slug/{slug}',
      operationId: 'getAdBySlug',
      summary: 'One ad for its public page, with related ads of its category',
      tags,
      access: 'public',
      request: { params: ZAdSlugParam },
      responses: { 200: jsonResponse('The ad.', ZAdBySlug) },
    }),
    async (c) => {
      const { adsData, releatedAds } = await getAdBySlug({ slug: c.req.valid('param').slug });
      return c.json({ success: true as const, adsData, releatedAds, message: 'Ad loaded' }, 200);
    },
  );
