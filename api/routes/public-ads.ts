import { z } from '@hono/zod-openapi';
import { AppError } from '../errors.ts';
import { limitRenewLink } from '../middleware/rate-limit.ts';
import { createRouter, declareRoute, jsonBody, jsonResponse } from '../openapi/route.ts';
import { ZAdQuery, ZAdSlugParam } from '../schemas/ad-query.ts';
import { ZRenewToken } from '../schemas/ad-status.ts';
import { ZAdBySlug, ZAdList, ZAdRenewed } from '../schemas/responses/ad.ts';
import { getAdBySlug } from '../services/ads/get-ad-by-slug.ts';
import { movedAdSlug } from '../services/ads/moved-ad-slug.ts';
import { renewAdWithToken } from '../services/ads/renew-ad-with-token.ts';
import { listAds } from '../services/search/list-ads.ts';

const tags: ['Ads'] = ['Ads'];

export const publicAdRoutes = createRouter()
  // The home page's and the browse page's ad list.
  .openapi(
    declareRoute({
      method: 'get',
      path: '/all-ads',
      operationId: 'listAds',
      summary: 'Search, filter and page through the ads: newest first, by price, best match or distance from a place',
      // 503 (implied) also when a search runs past its statement timeout (SEARCH_TIMEOUT_MS).
      tags,
      access: 'public',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'shared',
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
        near: q.near,
        radiusKm: q.radius_km,
        withCategoryCounts: q.category_counts,
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
          totalCapped: result.totalCapped,
          suggestion: result.suggestion,
          ...(result.categoryCounts ? { categoryCounts: result.categoryCounts } : {}),
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
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'shared',
      // 404 also for an ad under review; 410 for one a moderator removed.
      errors: [410],
      request: { params: ZAdSlugParam },
      responses: {
        200: jsonResponse('The ad.', ZAdBySlug),
        301: {
          description: 'A slug the ad had before its heading changed: to the current slug (docs/RULES.md, Slugs).',
          headers: z.object({ Location: z.string() }),
        },
      },
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      try {
        const { adsData, releatedAds } = await getAdBySlug({ slug });
        return c.json({ success: true as const, adsData, releatedAds, message: 'Ad loaded' }, 200);
      } catch (err) {
        const moved = err instanceof AppError && err.code === 'NOT_FOUND' ? await movedAdSlug(slug) : null;
        if (!moved) throw err;
        return c.redirect(`/api/ads-by-slug/${encodeURIComponent(moved)}`, 301);
      }
    },
  )
  // The reminder mail's one-click renew link (the /renew/{token} page posts it): no sign-in.
  .openapi(
    declareRoute({
      method: 'post',
      path: '/renew-ad',
      operationId: 'renewAdWithToken',
      summary: 'Renew an ad with the single-use token from its reminder mail, without signing in',
      tags,
      access: 'public',
      bodyLimit: 'json',
      rateLimits: ['renewLinkIp'],
      load: 'counted',
      pageCache: 'empties',
      // 404: unknown, used or outdated link; 409: the ad cannot be renewed now; 429: too many tries.
      errors: [404, 409, 429],
      request: { body: jsonBody(ZRenewToken) },
      responses: { 200: jsonResponse('Renewed.', ZAdRenewed) },
    }),
    async (c) => {
      await limitRenewLink(c);
      const ad = await renewAdWithToken({ token: c.req.valid('json').token });
      return c.json({ success: true as const, message: 'Your ad has been renewed.', ad }, 200);
    },
  );
