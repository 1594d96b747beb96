import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { ZDateTime, ZHtml, ZImageName, ZRecordId } from './common.ts';

const featured = z.enum(['Y', 'N']).openapi({ description: "'Y' when the ad is featured." });
const rating = z.number().int().min(1).max(5);

/** An ad as the public list shows it. */
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
  })
  .openapi('AdDetails');

export const ZRelatedAd = z
  .object({ id: ZRecordId, slug: z.string(), heading: z.string(), price: z.number().min(0), image: ZImageName })
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
  })
  .openapi('Ad');

/**
 * GET /api/ads: the caller's ads (an admin's: every ad). `users` is the key the legacy clients
 * read the ads from; `ads` holds the same list. The totals come only when paged.
 */
export const ZMyAdList = z
  .object({
    success: z.literal(true),
    message: z.string(),
    users: z.array(ZAdRecord).openapi({ description: 'The ads (legacy key).' }),
    ads: z.array(ZAdRecord).openapi({ description: 'The same ads as `users`.' }),
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
    featured: z.boolean().openapi({ description: "Whether the caller may post with make_as_featured 'Y'." }),
  })
  .openapi('PhotoLimit');
