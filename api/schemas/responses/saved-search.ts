import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { ALERT_FREQUENCIES } from '../../constants/saved-searches.ts';
import { ZAdCard } from './ad.ts';
import { ZDateTime, ZRecordId } from './common.ts';

/** One saved search as its owner sees it. */
export const ZSavedSearch = z
  .object({
    id: ZRecordId,
    name: z.string(),
    search: z.string(),
    category: z.string().openapi({ description: "The category's slug, or '' for every category." }),
    categoryName: z.string().openapi({ description: "The category's name, or '' for every category." }),
    minPrice: z.number().min(0).nullable(),
    maxPrice: z.number().min(0).nullable(),
    near: z.string().openapi({ description: "A near search's place id or 'lat,lon'; '' for none." }),
    radiusKm: z.number().nullable().openapi({ description: "A near search's radius in km; null for none." }),
    sort: z.string(),
    frequency: z.enum(ALERT_FREQUENCIES),
    newCount: z.number().int().min(0).openapi({ description: 'Ads found since its owner last opened it.' }),
    lastViewedAt: ZDateTime.nullable(),
    createdAt: ZDateTime,
    href: z.string().openapi({ description: 'The home page with these filters, e.g. /?psearchKeyword=sofa.' }),
  })
  .openapi('SavedSearch');

/** POST /api/saved-searches and PATCH /api/saved-searches/{id}. */
export const ZSavedSearchAnswer = z
  .object({ success: z.literal(true), message: z.string(), savedSearch: ZSavedSearch })
  .openapi('SavedSearchAnswer');

/** GET /api/saved-searches. */
export const ZSavedSearchList = z
  .object({
    success: z.literal(true),
    message: z.string(),
    savedSearches: z.array(ZSavedSearch),
    max: z.number().int().openapi({ description: 'How many one user may keep.' }),
  })
  .openapi('SavedSearchList');

/** POST /api/saved-searches/{id}/view: what was new before this visit, then marked seen. */
export const ZSavedSearchOpened = z
  .object({
    success: z.literal(true),
    message: z.string(),
    savedSearch: ZSavedSearch,
    newCount: z.number().int().min(0).openapi({ description: 'Ads found since the previous visit.' }),
    newAds: z.array(ZAdCard).openapi({ description: 'Those still on offer, newest first (at most 20).' }),
  })
  .openapi('SavedSearchOpened');

/** POST /api/saved-searches/unsubscribe/{token}. */
export const ZSavedSearchUnsubscribed = z
  .object({ success: z.literal(true), message: z.string(), name: z.string() })
  .openapi('SavedSearchUnsubscribed');
