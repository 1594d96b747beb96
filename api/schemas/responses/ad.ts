import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { AD_STATES, OWNER_ACTIONS, VISIBLE_STATES } from '../../constants/ad-states.ts';
import { ZDateTime, ZHtml, ZImageName, ZRecordId } from './common.ts';

const status = z.enum(AD_STATES).openapi({
  description:
    'Where the ad is in its life: active, reserved, sold, paused, expired, pending (under review) or removed (docs/AD-STATES.md).',
});
const publicStatus = z
  .enum(VISIBLE_STATES)
  .openapi({ description: "Public lists hold only active and reserved ads; reserved ones carry a 'Reserved' badge." });

const featured = z.enum(['Y', 'N']).openapi({ description: "'Y' when the ad is featured." });
const rating = z.number().int().min(1).max(5);

/** An ad as the public list shows it. */
/** An ad's place: the gazetteer's id, its label ("Richmond, Virginia, US"), slug and position. */
export const ZAdPlace = z
  .object({
    id: ZRecordId,
    label: z.string(),
    slug: z.string().openapi({ description: 'The city page is /in/{slug}.' }),
    lat: z.number().min(-90).max(90),
    lon: z.number().min(-180).max(180),
  })
  .openapi('AdPlace');

export const ZAdCard = z
  .object({
    id: ZRecordId,
    slug: z.string(),
    heading: z.string(),
    description: ZHtml,
    price: z.number().min(0),
    category: z.string().openapi({ description: "The category's name." }),
    category_slug: z.string(),
    location: z.string(),
    image: ZImageName,
    make_as_featured: featured,
    rating,
    created_at: ZDateTime,
    status: publicStatus,
    place: ZAdPlace.optional().openapi({ description: 'The place the ad is at, where it has one.' }),
    distance_km: z
      .number()
      .min(0)
      .optional()
      .openapi({ description: 'In a near search: km from `near` to the ad’s place, one decimal.' }),
  })
  .openapi('AdCard');

/** GET /api/all-ads: one page of ads and the totals for pagination. */
export const ZAdList = z
  .object({
    success: z.literal(true),
    ads: z.array(ZAdCard),
    total: z.number().int().min(0),
    totalPages: z.number().int().min(0),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
    message: z.string().openapi({ description: "'No results found.' when nothing matches." }),
    totalCapped: z.boolean().openapi({
      description:
        'True when counting stopped early: at least `total` ads match (the page says "1,000+ results"); `totalPages` covers those.',
    }),
    suggestion: z.string().nullable().openapi({
      description:
        'When a search finds nothing: the closest search the catalogue knows ("Did you mean sofa?"), or null.',
    }),
    categoryCounts: z
      .array(
        z.object({
          slug: z.string(),
          count: z.number().int().min(0),
          capped: z
            .boolean()
            .openapi({ description: 'At least `count` (counting stopped at the same cap as the total).' }),
        }),
      )
      .optional()
      .openapi({
        description:
          'Only with category_counts=1 and a search or price filter: per category, the ads matching the other filters.',
      }),
  })
  .openapi('AdList');

/** The fields every full ad answer has, the public page's and the owner's alike. */
const adFields = {
  id: ZRecordId,
  slug: z.string(),
  heading: z.string(),
  description: ZHtml,
  price: z.number().min(0),
  category_id: ZRecordId,
  rating,
  location: z.string(),
  place: ZAdPlace.optional().openapi({ description: 'The gazetteer place the ad is at, where it has one.' }),
  image: ZImageName,
  galleryimages: z.string().openapi({ description: 'JSON text: the gallery file names, in order.' }),
  features: z.string().openapi({ description: 'JSON text: a list of { id, value }.' }),
  make_as_featured: featured,
  user_id: ZRecordId,
  created_at: ZDateTime,
  updated_at: ZDateTime,
};

/**
 * One ad for its public page. `galleryimages` and `features` are JSON text (a list of file
 * names; a list of `{ id, value }`), as the legacy clients read them.
 */
export const ZAdDetails = z
  .object({
    ...adFields,
    category: z.string(),
    category_slug: z.string(),
    user: z.object({ name: z.string() }).openapi({ description: 'The seller.' }),
    status: z.enum(['active', 'reserved', 'sold', 'paused', 'expired']).openapi({
      description:
        'Sold, paused and expired ads keep their page, shown with a banner and no way to message the seller; pending and removed ads have none.',
    }),
    expires_at: ZDateTime,
  })
  .openapi('AdDetails');

export const ZRelatedAd = z
  .object({
    id: ZRecordId,
    slug: z.string(),
    heading: z.string(),
    price: z.number().min(0),
    image: ZImageName,
    status: publicStatus,
    category: z.string().openapi({ description: "The category's name." }),
    user: z.object({ name: z.string() }).openapi({ description: "The seller's name." }),
    make_as_featured: featured,
    rating: rating.openapi({ description: "The seller's condition rating, 1 to 5." }),
  })
  .openapi('RelatedAd');

/** GET /api/ads-by-slug/{slug}. `releatedAds` is spelled as the legacy clients read it. */
export const ZAdBySlug = z
  .object({
    success: z.literal(true),
    adsData: ZAdDetails,
    releatedAds: z.array(ZRelatedAd).openapi({ description: 'Other ads of the same category, newest first.' }),
    message: z.string(),
  })
  .openapi('AdBySlug');

/**
 * An ad as the admin screens and its owner read it: `category` is the category's slug (what
 * the form's select holds), `galleryimages` and `features` are JSON text.
 */
export const ZAdRecord = z
  .object({
    ...adFields,
    category: z.string().openapi({ description: "The category's slug." }),
    category_name: z.string(),
    status,
    published_at: ZDateTime.openapi({ description: 'When the current period started: posted or last renewed.' }),
    expires_at: ZDateTime.openapi({ description: 'When the ad expires unless renewed.' }),
    actions: z.array(z.enum(OWNER_ACTIONS)).openapi({
      description: 'What the owner may do with the ad now (changeAdStatus, renewAd); deleting is always allowed.',
    }),
  })
  .openapi('Ad');

/** A row of GET /api/ads: the ad, and its seller's name for the admin table. */
export const ZMyAdRecord = ZAdRecord.extend({
  seller_name: z.string().openapi({ description: 'The name of the user who posted the ad.' }),
}).openapi('MyAd');

/**
 * GET /api/ads: the caller's ads (an admin's: every ad). `users` is the key the legacy clients
 * read the ads from; `ads` holds the same list. The totals come only when paged.
 */
export const ZMyAdList = z
  .object({
    success: z.literal(true),
    message: z.string(),
    users: z.array(ZMyAdRecord).openapi({ description: 'The ads (legacy key).' }),
    ads: z.array(ZMyAdRecord).openapi({ description: 'The same ads as `users`.' }),
    total: z.number().int().min(0).optional().openapi({ description: 'Only when paged.' }),
    page: z.number().int().min(1).optional().openapi({ description: 'Only when paged.' }),
    limit: z.number().int().min(1).optional().openapi({ description: 'Only when paged.' }),
    totalPages: z.number().int().min(0).optional().openapi({ description: 'Only when paged.' }),
  })
  .openapi('MyAdList');

/** `{ success, message, adsData }`: one ad read or written by its owner or an admin. */
export const ZAdAnswer = z.object({ success: z.literal(true), message: z.string(), adsData: ZAdRecord });

/** GET /api/get-limit: what the caller's plan allows. */
export const ZPhotoLimit = z
  .object({
    success: z.literal(true),
    photolimit: z.number().int().min(0).openapi({ description: 'Gallery images kept per ad.' }),
    adsPerDay: z.number().int().min(0).nullable().openapi({ description: 'Ads allowed per UTC day; null: unlimited.' }),
    adsLeftToday: z
      .number()
      .int()
      .min(0)
      .nullable()
      .openapi({ description: 'Ads the caller may still post today; null: unlimited.' }),
    resetsAt: ZDateTime.nullable().openapi({
      description:
        'When the daily count starts again (the next midnight UTC): with adsLeftToday 0, the time the next ad can be posted; null: unlimited.',
    }),
    featured: z.boolean().openapi({ description: "Whether the caller may post with make_as_featured 'Y'." }),
    expiryDays: z
      .number()
      .int()
      .min(1)
      .openapi({ description: 'Days a new or renewed ad stays up before it expires (from the plan).' }),
  })
  .openapi('PhotoLimit');

/** renewAdWithToken: the renewed ad, for the friendly page the mail's link opens. */
export const ZAdRenewed = z
  .object({
    success: z.literal(true),
    message: z.string(),
    ad: z.object({ id: ZRecordId, slug: z.string(), heading: z.string(), status, expires_at: ZDateTime }),
  })
  .openapi('AdRenewed');
