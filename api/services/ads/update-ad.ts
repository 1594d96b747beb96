import { eq } from 'drizzle-orm';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { ads } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { sanitizeAdDescription } from '../../lib/sanitize.ts';
import { AD_MESSAGES, isBlankHtml, type TAdUpdate } from '../../schemas/ad.ts';
import { deleteImages, storeImages } from '../../storage/images.ts';
import { queueFraudCheck } from '../fraud/queue-fraud-check.ts';
import { getModerationSettings } from '../moderation/moderation-settings.ts';
import { reviewHoldFor } from '../moderation/screen-ad.ts';
import { placeColumns } from '../places/ad-place.ts';
import { releaseAdFiles } from './ad-files.ts';
import { toAdRecord } from './ad-record.ts';
import { nextFreeSlug, recordSlugChange, slugBase, slugMatchesBase } from './ad-slug.ts';
import { applyAdTransition } from './apply-ad-transition.ts';
import { findCategoryBySlug } from './find-category.ts';
import { loadManagedAd } from './get-ad.ts';
import { FEATURED_NOT_IN_PLAN, getPlanLimits } from './plan-limits.ts';

/**
 * The gallery images that stay: the ad's own images that the client still lists in
 * esitingGalleryImages (when sent) and did not list in removedGalleryImages, in the
 * client's order. Names the ad does not own are ignored, so no one can adopt others' files.
 */
export function keptGallery(
  gallery: string[],
  input: Pick<TAdUpdate, 'esitingGalleryImages' | 'removedGalleryImages'>,
) {
  const removed = new Set(input.removedGalleryImages ?? []);
  const own = gallery.filter((n) => !removed.has(n));
  if (!input.esitingGalleryImages) return own;
  return [...new Set(input.esitingGalleryImages)].filter((n) => own.includes(n));
}

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 4; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * POST /api/ads/update. Only the owner or an admin; only the form's fields change (never
 * the owner, id or slug from the body). A new main image replaces the old one; gallery
 * images the client removed are deleted from storage after the commit; new gallery images
 * are capped at the plan's limit minus the kept ones. A failed save removes the new files.
 */
export async function updateAd(options: {
  user: TSessionUser;
  input: TAdUpdate;
  image?: File | null;
  gallery?: File[];
}) {
  const { user, input } = options;
  const before = await loadManagedAd({ user, id: input.id });
  const description = sanitizeAdDescription(input.description);
  if (isBlankHtml(description)) throw new AppError('BAD_REQUEST', AD_MESSAGES.description);
  const category = await findCategoryBySlug(input.category);
  const limits = await getPlanLimits({ user });
  const rules = await getModerationSettings();
  // An ad featured before (say, on an earlier plan) keeps it; turning it on needs the plan.
  if (input.make_as_featured === 'Y' && before.makeAsFeatured !== 'Y' && !limits.featured)
    throw new AppError('FORBIDDEN', FEATURED_NOT_IN_PLAN);

  const place = await placeColumns(input, before);

  const room = Math.max(0, limits.photos - keptGallery(before.galleryImages, input).length);
  const newGallery = (options.gallery ?? []).slice(0, room);
  const stored = await storeImages([...(options.image ? [options.image] : []), ...newGallery], { prefix: 'ad' });
  const newImage = options.image ? stored[0] : null;
  const added = options.image ? stored.slice(1) : stored;

  const save = () =>
    db().transaction(async (tx) => {
      // Re-read under a lock: the gallery may have changed since the first read.
      const current = await loadManagedAd({ user, id: input.id, q: tx, lock: true });
      const kept = keptGallery(current.galleryImages, input);
      const fits = added.slice(0, Math.max(0, limits.photos - kept.length));
      const base = slugBase(input.heading);
      const slug = slugMatchesBase(current.slug, base) ? current.slug : await nextFreeSlug(tx, base, current.id);
      await recordSlugChange(tx, current.id, current.slug, slug);
      await tx
        .update(ads)
        .set({
          slug,
          heading: input.heading,
          description,
          price: input.price,
          categoryId: category.id,
          rating: input.rating,
          location: input.location,
          ...place,
          image: newImage ?? current.image,
          galleryImages: [...kept, ...fits],
          features: JSON.stringify(input.features),
          makeAsFeatured: input.make_as_featured,
          updatedAt: new Date(),
        })
        .where(eq(ads.id, current.id));
      // A banned word added by the edit sends a public ad back to review (docs/MODERATION.md).
      const held = await reviewHoldFor({ user, heading: input.heading, description, isNew: false, rules, tx });
      if (held && current.status !== 'pending' && current.status !== 'removed')
        await applyAdTransition({ tx, id: current.id, actor: 'system', action: 'hold', heldReason: held });
      await queueFraudCheck({ tx, adId: current.id });
      return { current, gallery: [...kept, ...fits], unused: added.slice(fits.length) };
    });

  let result: Awaited<ReturnType<typeof save>>;
  try {
    try {
      result = await save();
    } catch (err) {
      // Another ad took the new slug between look-up and update: once more picks the next.
      if (!isUniqueViolation(err)) throw err;
      result = await save();
    }
  } catch (err) {
    await deleteImages(stored);
    throw err;
  }

  const { current, gallery, unused } = result;
  await deleteImages(unused);
  await releaseAdFiles({
    images: [
      ...current.galleryImages.filter((n) => !gallery.includes(n)),
      ...(newImage && current.image !== newImage ? [current.image] : []),
    ],
    html: [current.description],
  });
  return toAdRecord(await loadManagedAd({ user, id: input.id }));
}
