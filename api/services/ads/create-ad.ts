import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { ads } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordIdempotentAnswer } from '../../lib/idempotency-claims.ts';
import { sanitizeAdDescription } from '../../lib/sanitize.ts';
import { AD_MESSAGES, isBlankHtml, type TAdCreate } from '../../schemas/ad.ts';
import { deleteImages, storeImages } from '../../storage/images.ts';
import { queueFraudCheck } from '../fraud/queue-fraud-check.ts';
import { getModerationSettings } from '../moderation/moderation-settings.ts';
import { assertMayPost, reviewHoldFor } from '../moderation/screen-ad.ts';
import { placeColumns } from '../places/ad-place.ts';
import { requestSavedSearchMatching } from '../saved-searches/queue-matching.ts';
import { toAdRecord } from './ad-record.ts';
import { nextFreeSlug, slugBase } from './ad-slug.ts';
import { expiryFrom } from './ad-states.ts';
import { assertDailyAllowance } from './count-ads-today.ts';
import { findCategoryBySlug } from './find-category.ts';
import { loadManagedAd } from './get-ad.ts';
import { FEATURED_NOT_IN_PLAN, getPlanLimits } from './plan-limits.ts';

/**
 * POST /api/ads/add. Checks the plan's ads-per-day limit (admins are unlimited), keeps at
 * most the plan's number of gallery images (the rest are dropped: docs/RULES.md, Plan
 * limits), stores the images, then writes the row in a transaction with a unique slug from
 * the heading. If anything after the images fails, the stored files are removed again. The
 * answer is built (and, with an Idempotency-Key, stored) inside the transaction.
 */
export async function createAd(options: {
  user: TSessionUser;
  input: TAdCreate;
  image?: File | null;
  gallery?: File[];
}) {
  const { user, input } = options;
  const description = sanitizeAdDescription(input.description);
  if (isBlankHtml(description)) throw new AppError('BAD_REQUEST', AD_MESSAGES.description);
  const category = await findCategoryBySlug(input.category);
  const rules = await getModerationSettings();
  assertMayPost(user, rules);
  const limits = await getPlanLimits({ user });
  if (input.make_as_featured === 'Y' && !limits.featured) throw new AppError('FORBIDDEN', FEATURED_NOT_IN_PLAN);
  // Checked early so a refused request does no image work; checked again under a lock below.
  await assertDailyAllowance({ user, limit: limits.adsPerDay });

  // A chosen place that does not exist is refused here, before any image is stored.
  const place = await placeColumns(input);

  const gallery = (options.gallery ?? []).slice(0, limits.photos);
  const uploads = [...(options.image ? [options.image] : []), ...gallery];
  const stored = await storeImages(uploads, { prefix: 'ad' });
  const image = options.image ? stored[0] : null;
  const galleryImages = options.image ? stored.slice(1) : stored;

  // Set once the transaction's work is done: a failure after it is the COMMIT's, whose
  // outcome the server knows and we may not (the connection died before its answer).
  let committing = false;
  try {
    const adsData = await db().transaction(async (tx) => {
      const now = new Date();
      await assertDailyAllowance({ user, limit: limits.adsPerDay, tx });
      // A banned word or pre-moderation sends the ad to review first (docs/MODERATION.md).
      const held = await reviewHoldFor({ user, heading: input.heading, description, isNew: true, rules, tx });
      const base = slugBase(input.heading);
      let id: number | undefined;
      // A concurrent ad may take the slug between the look-up and the insert: try the next.
      for (let attempt = 0; attempt < 5 && id === undefined; attempt++) {
        const slug = await nextFreeSlug(tx, base);
        const rows = await tx
          .insert(ads)
          .values({
            slug,
            heading: input.heading,
            description,
            price: input.price,
            categoryId: category.id,
            rating: input.rating,
            location: input.location,
            ...place,
            image,
            galleryImages,
            features: JSON.stringify(input.features),
            makeAsFeatured: input.make_as_featured,
            userId: user.id,
            // The first period, of the owner's plan days (docs/AD-STATES.md, Expiry).
            publishedAt: now,
            expiresAt: expiryFrom(now, limits.expiryDays),
            ...(held ? { status: 'pending' as const, statusBeforePending: 'active' as const, heldReason: held } : {}),
          })
          .onConflictDoNothing({ target: ads.slug })
          .returning({ id: ads.id });
        id = rows[0]?.id;
      }
      if (id === undefined) throw new AppError('CONFLICT', 'Please change the heading slightly and try again.');
      // Photos, text, price and posting rate are checked in a job (docs/MODERATION.md, Fraud signals).
      await queueFraudCheck({ tx, adId: id });
      // The answer is read inside the transaction: once it commits, nothing is left that could
      // fail and turn a stored ad into a "please try again".
      const record = toAdRecord(await loadManagedAd({ user, id, q: tx }));
      await recordIdempotentAnswer(tx, 201, { success: true, message: 'Ad created successfully', adsData: record });
      committing = true;
      return record;
    });
    // Saved searches learn of the ad from a job, never in this request.
    await requestSavedSearchMatching();
    return adsData;
  } catch (err) {
    // If the COMMIT may have gone through, the row may point at these files: keep them.
    if (committing) console.error('[ads] create: the outcome of COMMIT is unknown; keeping its images', stored);
    else await deleteImages(stored);
    throw err;
  }
}
