import { z } from 'zod';
import { stripNul } from './ad-query.ts';
import { ZId } from './fields.ts';

export const WISHLIST_MESSAGES = {
  ad: 'Please choose an ad to add.',
  notFound: 'Wishlist item not found.',
  adNotFound: 'Ad not found.',
  added: 'Added to your wishlist.',
  already: 'This ad is already in your wishlist.',
  removed: 'Removed from your wishlist.',
  loaded: 'Wishlist loaded',
} as const;

const optionalString = (max: number) => z.string().trim().max(max).transform(stripNul).optional();

/**
 * POST /api/wishlist. The legacy body names item_name, item_description and item_image; a
 * wishlist item links the caller to an ad, so the ad is found by ad_id or slug (what the
 * site sends) or, for older clients, by item_image and then item_name. The stored item
 * always shows the ad's own heading, description and image.
 */
export const ZWishlistAdd = z
  .object({
    ad_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZId.optional()),
    slug: optionalString(300),
    item_name: optionalString(500),
    item_image: optionalString(500),
  })
  .refine((v) => !!(v.ad_id || v.slug || v.item_image || v.item_name), { message: WISHLIST_MESSAGES.ad });
export type TWishlistAdd = z.infer<typeof ZWishlistAdd>;

/** DELETE /api/wishlist?ad_id=…|slug=…: take one ad out of the caller's wishlist. */
export const ZWishlistRemoveAd = z
  .object({
    ad_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZId.optional()),
    slug: optionalString(300),
  })
  .refine((v) => !!(v.ad_id || v.slug), { message: WISHLIST_MESSAGES.ad });
