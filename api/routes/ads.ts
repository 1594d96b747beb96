import type { TSessionUser } from '../context.ts';
import { BODY_LIMITS, FORM_FIELDS_BYTES, MAX_IMAGE_BYTES } from '../lib/limits.ts';
import { readMultipart, type TMultipartOptions } from '../lib/multipart.ts';
import { limitUploads } from '../middleware/rate-limit.ts';
import { requireUser } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonBody, jsonResponse, multipartBody } from '../openapi/route.ts';
import { ZAdCreate, ZAdUpdate } from '../schemas/ad.ts';
import { ZAdStatusChange } from '../schemas/ad-status.ts';
import { ADMIN_PAGE_SIZE, isPaged, ZAdListQuery } from '../schemas/admin-list.ts';
import { ZId, ZIdParam } from '../schemas/fields.ts';
import { ZAdAnswer, ZMyAdList, ZPhotoLimit } from '../schemas/responses/ad.ts';
import { ZOk } from '../schemas/responses/common.ts';
import { changeAdStatus } from '../services/ads/change-ad-status.ts';
import { createAd } from '../services/ads/create-ad.ts';
import { deleteAd } from '../services/ads/delete-ad.ts';
import { getAd, loadManagedAd } from '../services/ads/get-ad.ts';
import { getPhotoLimit } from '../services/ads/get-photo-limit.ts';
import { listMyAds } from '../services/ads/list-my-ads.ts';
import { listMyAdsPage } from '../services/ads/list-my-ads-page.ts';
import { getPlanLimits, MAX_GALLERY_IMAGES } from '../services/ads/plan-limits.ts';
import { renewAd } from '../services/ads/renew-ad.ts';
import { updateAd } from '../services/ads/update-ad.ts';

/**
 * What an ad form may upload: one main image and the plan's gallery photos. Gallery files
 * past that are skipped unread (dropped silently, not refused); the body may carry no more
 * than those images and the text fields.
 */
async function adFormUploads(user: TSessionUser): Promise<TMultipartOptions> {
  const { photos } = await getPlanLimits({ user });
  return {
    countUpload: limitUploads,
    files: { image: 1, gallery: photos },
    dropExtraFiles: ['gallery'],
    maxBytes: Math.min(BODY_LIMITS.adForm, (photos + 1) * MAX_IMAGE_BYTES + FORM_FIELDS_BYTES),
  };
}

/**
 * The files of the ad form as the document shows them: the main image and the gallery, sent
 * as the repeated `gallery[]` (or `gallery`).
 */
const adFormFiles = {
  image: { description: 'The main image; on update, without it the main image stays.' },
  'gallery[]': {
    many: true as const,
    description: `Gallery photos, repeated (\`gallery\` works too). Files past the plan’s photo limit (GET /api/get-limit; at most ${MAX_GALLERY_IMAGES}) are dropped unread.`,
  },
};

const tags: ['Ads'] = ['Ads'];
const middleware = requireUser;

/**
 * The admin area's ads: any signed-in user manages their own ads, an admin every ad. The
 * list answers in full, or one page (with the total) when asked for `page` or `limit`,
 * filtered by `q` and sorted by `sort`/`order` in the database. Create and update are
 * multipart: the main image is `image`, the gallery is the repeated `gallery[]`.
 */
export const adRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'get',
      path: '/ads',
      operationId: 'listMyAds',
      summary: 'The caller’s ads (an admin’s: every ad), filtered and sorted; paged when asked for page or limit',
      tags,
      access: 'user',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      request: { query: ZAdListQuery },
      responses: { 200: jsonResponse('The ads (and the totals when paged).', ZMyAdList) },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const filter = { user: c.var.user!, q: query.q, sort: query.sort, order: query.order, seller: query.seller };
      // The legacy clients read the ads from the odd key `users`; `ads` is the honest alias.
      if (!isPaged(query)) {
        const ads = await listMyAds(filter);
        return c.json({ success: true as const, message: 'Ads loaded', users: ads, ads }, 200);
      }
      const { ads, ...paging } = await listMyAdsPage({
        ...filter,
        page: query.page ?? 1,
        limit: query.limit ?? ADMIN_PAGE_SIZE,
      });
      return c.json({ success: true as const, message: 'Ads loaded', users: ads, ads, ...paging }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/get-limit',
      operationId: 'getPhotoLimit',
      summary: 'What the caller’s plan allows: photos per ad, ads per day, featured ads',
      tags,
      access: 'user',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      responses: { 200: jsonResponse('The limits.', ZPhotoLimit) },
    }),
    async (c) => {
      const limit = await getPhotoLimit({ user: c.var.user! });
      return c.json({ success: true as const, ...limit }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/ads/add',
      operationId: 'createAd',
      summary: 'Post an ad with its images',
      tags,
      access: 'user',
      bodyLimit: 'adForm',
      rateLimits: ['upload'],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      // 403: make_as_featured 'Y' outside the plan; 429: the plan's ads for today are used up.
      errors: [403, 429],
      request: { body: multipartBody(ZAdCreate, adFormFiles) },
      responses: { 201: jsonResponse('Created.', ZAdAnswer) },
    }),
    async (c) => {
      const { fields, files } = await readMultipart(c, ZAdCreate, await adFormUploads(c.var.user!));
      const adsData = await createAd({
        user: c.var.user!,
        input: fields,
        image: files.image?.[0] ?? null,
        gallery: files.gallery ?? [],
      });
      return c.json({ success: true as const, message: 'Ad created successfully', adsData }, 201);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/ads/update',
      operationId: 'updateAd',
      summary: 'Change an ad the caller manages: fields, main image, gallery',
      tags,
      access: 'owner',
      bodyLimit: 'adForm',
      rateLimits: ['upload'],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      // 403: not the owner, or make_as_featured 'Y' outside the plan; 404: no such ad.
      errors: [403, 404],
      request: { body: multipartBody(ZAdUpdate, adFormFiles) },
      responses: { 200: jsonResponse('Updated.', ZAdAnswer) },
    }),
    async (c) => {
      const user = c.var.user!;
      const { fields, files } = await readMultipart(c, ZAdUpdate, {
        ...(await adFormUploads(user)),
        // Someone else's ad is refused (403/404) before any file is read or field validated.
        beforeFiles: async (raw) => {
          const id = ZId.safeParse(raw.id);
          if (id.success) await loadManagedAd({ user, id: id.data });
        },
      });
      const adsData = await updateAd({
        user: c.var.user!,
        input: fields,
        image: files.image?.[0] ?? null,
        gallery: files.gallery ?? [],
      });
      return c.json({ success: true as const, message: 'Ad updated successfully', adsData }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/ads/{id}',
      operationId: 'getAd',
      summary: 'One ad the caller manages, for its edit form',
      tags,
      access: 'owner',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      errors: [403],
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('The ad.', ZAdAnswer) },
    }),
    async (c) => {
      const adsData = await getAd({ user: c.var.user!, id: c.req.valid('param').id });
      return c.json({ success: true as const, message: 'Ad loaded', adsData }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'delete',
      path: '/ads/{id}',
      operationId: 'deleteAd',
      summary: 'Delete an ad the caller manages, with its images',
      tags,
      access: 'owner',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('Deleted.', ZOk) },
    }),
    async (c) => {
      await deleteAd({ user: c.var.user!, id: c.req.valid('param').id });
      return c.json({ success: true as const, message: 'Ad deleted successfully' }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'patch',
      path: '/ads/{id}/status',
      operationId: 'changeAdStatus',
      summary: 'Mark an ad the caller manages active, reserved, sold or paused',
      tags,
      access: 'owner',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      // 409: the move is not allowed from the ad's state (docs/AD-STATES.md), e.g. from removed.
      errors: [409],
      request: { params: ZIdParam, body: jsonBody(ZAdStatusChange) },
      responses: { 200: jsonResponse('The ad in its new state (unchanged if it was already in it).', ZAdAnswer) },
    }),
    async (c) => {
      const adsData = await changeAdStatus({
        user: c.var.user!,
        id: c.req.valid('param').id,
        status: c.req.valid('json').status,
      });
      return c.json({ success: true as const, message: 'Ad status updated', adsData }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/ads/{id}/renew',
      operationId: 'renewAd',
      summary: 'Start a new period for an expired ad, or one in its last days, of the caller',
      tags,
      access: 'owner',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      // 409: the ad is not expired and not in its last days, or is sold, under review or removed.
      errors: [409],
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('Renewed: the ad with its new expiry.', ZAdAnswer) },
    }),
    async (c) => {
      const adsData = await renewAd({ user: c.var.user!, id: c.req.valid('param').id });
      return c.json({ success: true as const, message: 'Ad renewed', adsData }, 200);
    },
  );
