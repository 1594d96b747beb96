import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { AD_STATES } from '../../constants/ad-states.ts';
import { ZDateTime, ZHtml, ZImageName, ZRecordId } from './common.ts';

/** A saved ad, in the legacy item_* names, always showing the ad's own text and image. */
export const ZWishlistItem = z
  .object({
    id: ZRecordId,
    ad_id: ZRecordId,
    slug: z.string(),
    item_name: z.string(),
    item_description: ZHtml,
    item_image: ZImageName,
    price: z.number().min(0),
    created_at: ZDateTime,
    status: z
      .enum(AD_STATES)
      .openapi({ description: 'The saved ad’s state: the list marks those no longer on offer.' }),
    expires_at: ZDateTime,
  })
  .openapi('WishlistItem');

/** POST /api/wishlist: 201 when added, 200 when the ad was already saved. */
export const ZWishlistAdded = z
  .object({ success: z.literal(true), added: z.boolean(), ad_id: ZRecordId, message: z.string() })
  .openapi('WishlistAdded');
