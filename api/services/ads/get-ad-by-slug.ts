import { and, eq, ne } from 'drizzle-orm';
import type { TVisibleState } from '../../constants/ad-states.ts';
import { readDb } from '../../db/replicas.ts';
import { ads, categories, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { sanitizeAdDescription } from '../../lib/sanitize.ts';
import { placeField, placeJsonSql } from '../places/card-places.ts';
import { newestFirst } from '../search/search-orders.ts';
import { publicAdFilter } from './public-ad-filter.ts';

export const AD_UNDER_REVIEW = 'This ad is being reviewed and is not shown for now.';
export const AD_UNAVAILABLE = 'This ad is not available.';
export const AD_REMOVED = 'This ad was removed by a moderator.';

/** Ad Details (docs/SCREENS.md) shows up to this many other ads of the same category. */
export const RELATED_ADS_LIMIT = 8;

export type TAdFeature = { id: string | number; value: string };

/** features is JSON text of [{ id, value }]; anything else reads as no features. */
export function parseFeatures(text: string | null | undefined): TAdFeature[] {
  try {
    const parsed: unknown = JSON.parse(text || '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .map((f, i) =>
        typeof f === 'string'
          ? { id: i, value: f }
          : f && typeof f === 'object' && 'value' in f
            ? { id: (f as TAdFeature).id ?? i, value: String((f as TAdFeature).value ?? '') }
            : null,
      )
      .filter((f): f is TAdFeature => !!f && f.value.trim() !== '');
  } catch {
    return [];
  }
}

/**
 * One ad by slug for its public page (GET /api/ads-by-slug/{slug}): the ad with its category
 * and seller name, and related ads (public ones only). Throws NOT_FOUND for an unknown slug
 * and for an ad under review (pending), GONE for one a moderator removed. Sold, paused and
 * expired ads are answered with their state: the page shows them with a banner
 * (docs/AD-STATES.md).
 */
export async function getAdBySlug({ slug }: { slug: string }) {
  const rows = await readDb()
    .select({
      id: ads.id,
      slug: ads.slug,
      heading: ads.heading,
      description: ads.description,
      price: ads.price,
      category_id: ads.categoryId,
      category: categories.name,
      category_slug: categories.slug,
      rating: ads.rating,
      location: ads.location,
      place: placeJsonSql(ads.placeId),
      image: ads.image,
      gallery: ads.galleryImages,
      features: ads.features,
      make_as_featured: ads.makeAsFeatured,
      user_id: ads.userId,
      user_name: users.name,
      created_at: ads.createdAt,
      updated_at: ads.updatedAt,
      status: ads.status,
      expires_at: ads.expiresAt,
      owner_banned: ads.ownerBanned,
    })
    .from(ads)
    .innerJoin(categories, eq(categories.id, ads.categoryId))
    .innerJoin(users, eq(users.id, ads.userId))
    .where(eq(ads.slug, slug))
    .limit(1);
  const ad = rows[0];
  if (!ad) throw new AppError('NOT_FOUND', 'Ad not found.');
  if (ad.status === 'pending') throw new AppError('NOT_FOUND', AD_UNDER_REVIEW);
  if (ad.status === 'removed') throw new AppError('GONE', AD_REMOVED);
  if (ad.owner_banned) throw new AppError('NOT_FOUND', AD_UNAVAILABLE);
  // An ad still marked active or reserved whose time has passed (the expiry job is on its
  // way) is shown as what it is: expired.
  const status = ad.status !== 'sold' && ad.status !== 'paused' && ad.expires_at <= new Date() ? 'expired' : ad.status;

  const related = await readDb()
    .select({
      id: ads.id,
      slug: ads.slug,
      heading: ads.heading,
      price: ads.price,
      image: ads.image,
      status: ads.status,
      category: categories.name,
      user_name: users.name,
      make_as_featured: ads.makeAsFeatured,
      rating: ads.rating,
    })
    .from(ads)
    .innerJoin(categories, eq(categories.id, ads.categoryId))
    .innerJoin(users, eq(users.id, ads.userId))
    .where(and(publicAdFilter(), eq(ads.categoryId, ad.category_id), ne(ads.id, ad.id)))
    .orderBy(...newestFirst)
    .limit(RELATED_ADS_LIMIT);

  const { gallery, user_name, features, owner_banned: _banned, place, ...rest } = ad;
  const featureList = parseFeatures(features);
  return {
    adsData: {
      ...rest,
      status,
      ...placeField(place),
      price: Number(ad.price),
      image: ad.image ?? '',
      // Stored sanitised; cleaned again on the way out so no path can render raw HTML.
      description: sanitizeAdDescription(ad.description),
      // Legacy shape: galleryimages and features travel as JSON text (docs/API.md).
      galleryimages: JSON.stringify(gallery ?? []),
      features: JSON.stringify(featureList),
      user: { name: user_name },
    },
    gallery: gallery ?? [],
    featureList,
    releatedAds: related.map(({ user_name: seller, ...r }) => ({
      ...r,
      user: { name: seller },
      price: Number(r.price),
      image: r.image ?? '',
      status: r.status as TVisibleState,
    })),
  };
}
export type TAdDetails = Awaited<ReturnType<typeof getAdBySlug>>;
