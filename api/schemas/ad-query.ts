import './zod-setup.ts';
import { z } from 'zod';
import { FIELD_MAX } from '../constants/field-limits.ts';
import { AD_MAX_LIMIT, AD_MAX_PAGE, AD_PAGE_SIZE, MAX_PRICE } from '../constants/limits.ts';
import { NEAR_RADIUS_MAX_KM, NEAR_RADIUS_MIN_KM } from '../constants/places.ts';
import { parseNear } from './near.ts';
import { blankToUndefined, PAGING_MESSAGES, zPage } from './paging.ts';

export { AD_MAX_LIMIT, AD_MAX_PAGE, AD_PAGE_SIZE };

export const AD_SORTS = ['', 'price-asc', 'price-desc', 'relevance', 'distance'] as const;
export type TAdSort = (typeof AD_SORTS)[number];

export const AD_QUERY_MESSAGES = {
  page: PAGING_MESSAGES.page,
  pageMax: PAGING_MESSAGES.pageMax,
  limit: 'limit must be a whole number of at least 1.',
  sort: "sort must be empty, 'price-asc', 'price-desc', 'relevance' or 'distance'.",
  near: "near must be a place id (from /api/places) or 'lat,lon' in degrees.",
  radius: `radius_km must be a number from ${NEAR_RADIUS_MIN_KM} to ${NEAR_RADIUS_MAX_KM}.`,
  distanceNeedsNear: 'sort=distance needs near (a place or a position to measure from).',
  minPrice: 'min_price must be a number of at least 0.',
  maxPrice: 'max_price must be a number of at least 0.',
  priceRange: 'min_price cannot be more than max_price.',
  text: 'must be a single value.',
  categoryCounts: "category_counts must be '1' or '0'.",
} as const;

/** PostgreSQL text cannot hold NUL; such input can only be noise, so it is dropped. */
export const stripNul = (s: string) => s.replace(/\0/g, '');

function wholeNumber(message: string) {
  return z.coerce.number({ error: message }).int(message).min(1, message);
}

function price(message: string) {
  return z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: message }).min(0, message).max(MAX_PRICE, message).optional(),
  );
}

/**
 * GET /api/all-ads query (docs/RULES.md, List queries). Out-of-range limits are clamped;
 * anything else that cannot be understood is a 400 naming the parameter.
 */
export const ZAdQuery = z
  .object({
    page: zPage(),
    limit: z.preprocess(
      blankToUndefined,
      wholeNumber(AD_QUERY_MESSAGES.limit)
        .default(AD_PAGE_SIZE)
        .transform((n) => Math.min(n, AD_MAX_LIMIT)),
    ),
    // Long input is cut rather than refused: it comes straight from a search box.
    search: z
      .string({ error: `search ${AD_QUERY_MESSAGES.text}` })
      .optional()
      .transform((s) =>
        stripNul(s ?? '')
          .trim()
          .slice(0, FIELD_MAX.searchText),
      ),
    category: z
      .string({ error: `category ${AD_QUERY_MESSAGES.text}` })
      .optional()
      .transform((s) => {
        const v = stripNul(s ?? '')
          .trim()
          .slice(0, FIELD_MAX.searchText);
        return v.toLowerCase() === 'all' ? '' : v;
      }),
    sort: z.preprocess(
      (v) => (v === undefined || v === null ? '' : v),
      z.enum(AD_SORTS, { error: AD_QUERY_MESSAGES.sort }),
    ),
    min_price: price(AD_QUERY_MESSAGES.minPrice),
    max_price: price(AD_QUERY_MESSAGES.maxPrice),
    // A place id or 'lat,lon': only ads within radius_km of it, each with its distance.
    near: z.preprocess(
      blankToUndefined,
      z
        .string({ error: AD_QUERY_MESSAGES.near })
        .max(60, AD_QUERY_MESSAGES.near)
        .transform((v, ctx) => {
          const near = parseNear(v);
          if (!near) ctx.addIssue({ code: 'custom', message: AD_QUERY_MESSAGES.near });
          return near ?? z.NEVER;
        })
        .optional(),
    ),
    radius_km: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: AD_QUERY_MESSAGES.radius })
        .min(NEAR_RADIUS_MIN_KM, AD_QUERY_MESSAGES.radius)
        .max(NEAR_RADIUS_MAX_KM, AD_QUERY_MESSAGES.radius)
        .optional(),
    ),
    // '1': also answer categoryCounts, the filter sidebar's numbers for this search.
    category_counts: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? '0' : v),
      z.enum(['0', '1'], { error: AD_QUERY_MESSAGES.categoryCounts }).transform((v) => v === '1'),
    ),
  })
  .superRefine((q, ctx) => {
    if (q.min_price !== undefined && q.max_price !== undefined && q.min_price > q.max_price) {
      ctx.addIssue({ code: 'custom', message: AD_QUERY_MESSAGES.priceRange, path: ['min_price'] });
    }
    if (q.sort === 'distance' && !q.near) {
      ctx.addIssue({ code: 'custom', message: AD_QUERY_MESSAGES.distanceNeedsNear, path: ['sort'] });
    }
  });
export type TAdQuery = z.infer<typeof ZAdQuery>;

export const ZAdSlugParam = z.object({ slug: z.string().trim().min(1).max(300).transform(stripNul) });
