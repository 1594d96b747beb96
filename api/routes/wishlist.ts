import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { ZIdParam } from '../schemas/fields.ts';
import { WISHLIST_MESSAGES, ZWishlistAdd, ZWishlistRemoveAd } from '../schemas/wishlist.ts';
import { addToWishlist } from '../services/wishlist/add-to-wishlist.ts';
import { listWishlist } from '../services/wishlist/list-wishlist.ts';
import { removeWishlistAd, removeWishlistItem } from '../services/wishlist/remove-from-wishlist.ts';

/** SPEC.md §7 wishlist: always the caller's own items. */
export const wishlistRoutes = new Hono<AppEnv>()
  .get('/wishlist', requireUser, async (c) => {
    const data = await listWishlist({ userId: c.var.user!.id });
    return c.json({ success: true, data, message: data.length ? WISHLIST_MESSAGES.loaded : 'No Item found.' });
  })
  .post('/wishlist', requireUser, validate('json', ZWishlistAdd), async (c) => {
    const body = c.req.valid('json');
    const { added, adId } = await addToWishlist({
      userId: c.var.user!.id,
      ad: { adId: body.ad_id, slug: body.slug, itemImage: body.item_image, itemName: body.item_name },
    });
    return c.json(
      { success: true, added, ad_id: adId, message: added ? WISHLIST_MESSAGES.added : WISHLIST_MESSAGES.already },
      added ? 201 : 200,
    );
  })
  .delete('/wishlist/:id', requireUser, validate('param', ZIdParam), async (c) => {
    await removeWishlistItem({ userId: c.var.user!.id, id: c.req.valid('param').id });
    return c.json({ success: true, message: WISHLIST_MESSAGES.removed });
  })
  // DELETE /api/wishlist?ad_id=… (or slug=…): un-save an ad from its page.
  .delete('/wishlist', requireUser, validate('query', ZWishlistRemoveAd), async (c) => {
    const q = c.req.valid('query');
    await removeWishlistAd({ userId: c.var.user!.id, adId: q.ad_id, slug: q.slug });
    return c.json({ success: true, message: WISHLIST_MESSAGES.removed });
  });
