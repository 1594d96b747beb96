import { Hono } from 'hono';
import type { AppEnv, TSessionUser } from '../context.ts';
import { BODY_LIMITS, FORM_FIELDS_BYTES, MAX_IMAGE_BYTES } from '../lib/limits.ts';
import { readMultipart, type TMultipartOptions } from '../lib/multipart.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { ZAdCreate, ZAdUpdate } from '../schemas/ad.ts';
import { ADMIN_PAGE_SIZE, isPaged, ZAdListQuery } from '../schemas/admin-list.ts';
import { ZId, ZIdParam } from '../schemas/fields.ts';
import { createAd } from '../services/ads/create-ad.ts';
import { deleteAd } from '../services/ads/delete-ad.ts';
import { getAd, loadManagedAd } from '../services/ads/get-ad.ts';
import { getPhotoLimit } from '../services/ads/get-photo-limit.ts';
import { listMyAds } from '../services/ads/list-my-ads.ts';
import { listMyAdsPage } from '../services/ads/list-my-ads-page.ts';
import { getPlanLimits } from '../services/ads/plan-limits.ts';
import { updateAd } from '../services/ads/update-ad.ts';

/**
 * What an ad form may upload: one main image and the plan's gallery photos. Gallery files
 * past that are skipped unread (SPEC.md §5 drops them silently); the body may carry no more
 * than those images and the text fields.
 */
async function adFormUploads(user: TSessionUser): Promise<TMultipartOptions> {
  const { photos } = await getPlanLimits({ user });
  return {
    files: { image: 1, gallery: photos },
    dropExtraFiles: ['gallery'],
    maxBytes: Math.min(BODY_LIMITS.adForm, (photos + 1) * MAX_IMAGE_BYTES + FORM_FIELDS_BYTES),
  };
}

/**
 * The admin area's ads (SPEC.md §7): any signed-in user manages their own ads, an admin
 * every ad. The list answers in full, or one page (with the total) when asked for `page` or
 * `limit`, filtered by `q` and sorted by `sort`/`order` in the database. Create and update
 * are multipart: the main image is `image`, the gallery is the repeated `gallery[]`.
 */
export const adRoutes = new Hono<AppEnv>()
  .get('/ads', requireUser, validate('query', ZAdListQuery), async (c) => {
    const query = c.req.valid('query');
    const filter = { user: c.var.user!, q: query.q, sort: query.sort, order: query.order };
    // SPEC.md §7 keeps the odd key `users` for the ads; `ads` is the honest alias.
    if (!isPaged(query)) {
      const ads = await listMyAds(filter);
      return c.json({ success: true, message: 'Ads loaded', users: ads, ads });
    }
    const { ads, ...paging } = await listMyAdsPage({
      ...filter,
      page: query.page ?? 1,
      limit: query.limit ?? ADMIN_PAGE_SIZE,
    });
    return c.json({ success: true, message: 'Ads loaded', users: ads, ads, ...paging });
  })
  .get('/get-limit', requireUser, async (c) => {
    const limit = await getPhotoLimit({ user: c.var.user! });
    return c.json({ success: true, ...limit });
  })
  .post('/ads/add', requireUser, async (c) => {
    const { fields, files } = await readMultipart(c, ZAdCreate, await adFormUploads(c.var.user!));
    const adsData = await createAd({
      user: c.var.user!,
      input: fields,
      image: files.image?.[0] ?? null,
      gallery: files.gallery ?? [],
    });
    return c.json({ success: true, message: 'Ad created successfully', adsData }, 201);
  })
  .post('/ads/update', requireUser, async (c) => {
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
    return c.json({ success: true, message: 'Ad updated successfully', adsData });
  })
  .get('/ads/:id', requireUser, validate('param', ZIdParam), async (c) => {
    const adsData = await getAd({ user: c.var.user!, id: c.req.valid('param').id });
    return c.json({ success: true, message: 'Ad loaded', adsData });
  })
  .delete('/ads/:id', requireUser, validate('param', ZIdParam), async (c) => {
    await deleteAd({ user: c.var.user!, id: c.req.valid('param').id });
    return c.json({ success: true, message: 'Ad deleted successfully' });
  });
