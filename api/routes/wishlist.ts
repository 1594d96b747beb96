import { requireUser } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonBody, jsonResponse } from '../openapi/route.ts';
import { ZIdParam } from '../schemas/fields.ts';
import { dataEnvelope, ZOk } from '../schemas/responses/common.ts';
import { ZWishlistAdded, ZWishlistItem } from '../schemas/responses/wishlist.ts';
import { WISHLIST_MESSAGES, ZWishlistAdd, ZWishlistRemoveAd } from '../schemas/wishlist.ts';
import { addToWishlist } from '../services/wishlist/add-to-wishlist.ts';
import { listWishlist } from '../services/wishlist/list-wishlist.ts';
import { removeWishlistAd, removeWishlistItem } from '../services/wishlist/remove-from-wishlist.ts';

const tags: ['Wishlist'] = ['Wishlist'];
const middleware = requireUser;

/** The wishlist: always the caller's own items. */
export const wishlistRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'get',
      path: '/wishlist',
      operationId: 'listWishlist',
      summary: 'The caller’s saved ads, newest first',
      tags,
      access: 'user',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      responses: { 200: jsonResponse('The saved ads.', dataEnvelope(ZWishlistItem.array())) },
    }),
    async (c) => {
      const data = await listWishlist({ userId: c.var.user!.id });
      const message = data.length ? WISHLIST_MESSAGES.loaded : 'No Item found.';
      return c.json({ success: true as const, data, message }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/wishlist',
      operationId: 'addWishlistItem',
      summary: 'Save an ad (by ad_id or slug; older clients: item_image or item_name)',
      tags,
      access: 'user',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      errors: [404],
      request: { body: jsonBody(ZWishlistAdd) },
      responses: {
        201: jsonResponse('Saved.', ZWishlistAdded),
        200: jsonResponse('The ad was already saved.', ZWishlistAdded),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const { added, adId } = await addToWishlist({
        userId: c.var.user!.id,
        ad: { adId: body.ad_id, slug: body.slug, itemImage: body.item_image, itemName: body.item_name },
      });
      const answer = { success: true as const, added, ad_id: adId };
      return added
        ? c.json({ ...answer, message: WISHLIST_MESSAGES.added }, 201)
        : c.json({ ...answer, message: WISHLIST_MESSAGES.already }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'delete',
      path: '/wishlist/{id}',
      operationId: 'removeWishlistItem',
      summary: 'Remove one of the caller’s wishlist items by its id',
      tags,
      access: 'owner',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('Removed.', ZOk) },
    }),
    async (c) => {
      await removeWishlistItem({ userId: c.var.user!.id, id: c.req.valid('param').id });
      return c.json({ success: true as const, message: WISHLIST_MESSAGES.removed }, 200);
    },
  )
  // DELETE /api/wishlist?ad_id=… (or slug=…): un-save an ad from its page.
  .openapi(
    declareRoute({
      method: 'delete',
      path: '/wishlist',
      operationId: 'removeWishlistAd',
      summary: 'Un-save an ad, named by ad_id or slug',
      tags,
      access: 'user',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      errors: [404],
      request: { query: ZWishlistRemoveAd },
      responses: { 200: jsonResponse('Removed.', ZOk) },
    }),
    async (c) => {
      const q = c.req.valid('query');
      await removeWishlistAd({ userId: c.var.user!.id, adId: q.ad_id, slug: q.slug });
      return c.json({ success: true as const, message: WISHLIST_MESSAGES.removed }, 200);
    },
  );
