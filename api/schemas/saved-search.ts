import './zod-setup.ts';
import { z } from 'zod';
import { ALERT_FREQUENCIES, SAVED_SEARCH_NAME_MAX } from '../constants/saved-searches.ts';
import { AD_QUERY_MESSAGES, stripNul, ZAdQuery } from './ad-query.ts';

export const SAVED_SEARCH_MESSAGES = {
  created: 'Search saved. We will let you know about new ads.',
  loaded: 'Saved searches loaded',
  updated: 'Saved search updated.',
  deleted: 'Saved search deleted.',
  viewed: 'Saved search opened.',
  notFound: 'Saved search not found.',
  cap: (max: number) => `You can keep at most ${max} saved searches. Delete one to save another.`,
  frequency: "frequency must be 'instant', 'daily' or 'off'.",
  name: `The name must be 1 to ${SAVED_SEARCH_NAME_MAX} characters.`,
  nothing: 'Please give a new name or alert frequency.',
  category: 'This category does not exist.',
  unsubscribed: 'You will get no more alerts for this search.',
  badToken: 'This unsubscribe link is not valid any more.',
} as const;

const frequency = z.enum(ALERT_FREQUENCIES, { error: SAVED_SEARCH_MESSAGES.frequency });
const name = z
  .string({ error: SAVED_SEARCH_MESSAGES.name })
  .transform((s) => stripNul(s).trim())
  .pipe(z.string().min(1, SAVED_SEARCH_MESSAGES.name).max(SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_MESSAGES.name));

// The filters are the ad list's own query rules (api/schemas/ad-query.ts), so a search that
// can be saved is exactly one the list can show.
const filters = ZAdQuery.shape;

/** POST /api/saved-searches: the list's filters, an optional name and how often to mail. */
export const ZSavedSearchCreate = z
  .object({
    search: filters.search,
    category: filters.category,
    sort: filters.sort,
    minPrice: filters.min_price,
    maxPrice: filters.max_price,
    near: filters.near,
    radiusKm: filters.radius_km,
    name: z.preprocess((v) => (v === '' || v === null ? undefined : v), name.optional()),
    frequency,
  })
  .superRefine((q, ctx) => {
    if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) {
      ctx.addIssue({ code: 'custom', message: AD_QUERY_MESSAGES.priceRange, path: ['minPrice'] });
    }
    if (q.sort === 'distance' && !q.near) {
      ctx.addIssue({ code: 'custom', message: AD_QUERY_MESSAGES.distanceNeedsNear, path: ['sort'] });
    }
  });
export type TSavedSearchCreate = z.infer<typeof ZSavedSearchCreate>;

/** PATCH /api/saved-searches/{id}: rename it, change its alerts, or both. */
export const ZSavedSearchUpdate = z
  .object({ name: name.optional(), frequency: frequency.optional() })
  .refine((v) => v.name !== undefined || v.frequency !== undefined, { message: SAVED_SEARCH_MESSAGES.nothing });
export type TSavedSearchUpdate = z.infer<typeof ZSavedSearchUpdate>;

/** The unsubscribe link's secret (api/services/saved-searches/unsubscribe-saved-search.ts). */
export const ZUnsubscribeTokenParam = z.object({
  token: z.string().trim().min(1).max(200).transform(stripNul),
});
