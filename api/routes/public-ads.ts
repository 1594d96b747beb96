import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { ZAdQuery, ZAdSlugParam } from '../schemas/ad-query.ts';
import { getAdBySlug } from '../services/ads/get-ad-by-slug.ts';
import { listAds } from '../services/ads/list-ads.ts';

export const publicAdRoutes = new Hono<AppEnv>()
  // Public (SPEC.md §7): the home page's ad list.
  .get('/all-ads', validate('query', ZAdQuery), async (c) => {
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
    return c.json({
      success: true,
      ads: result.ads,
      total: result.total,
      totalPages: result.totalPages,
      page: result.page,
      limit: result.limit,
      message: result.total ? 'Ads loaded' : 'No results found.',
    });
  })
  // Public to read: visitors open ad pages without signing in (SPEC.md marks it auth).
  .get('/ads-by-slug/:slug', validate('param', ZAdSlugParam), async (c) => {
    const { adsData, releatedAds } = await getAdBySlug({ slug: c.req.valid('param').slug });
    return c.json({ success: true, adsData, releatedAds, message: 'Ad loaded' });
  });
