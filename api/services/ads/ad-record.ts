import { ads, categories } from '../../db/schema/index.ts';
import { sanitizeAdDescription } from '../../lib/sanitize.ts';
import { placeField, placeJsonSql } from '../places/card-places.ts';
import { ownerActions, type TAdState } from './ad-states.ts';

/** The ad columns every admin read selects (never the search vector), with its category. */
export const adColumns = {
  id: ads.id,
  slug: ads.slug,
  heading: ads.heading,
  description: ads.description,
  price: ads.price,
  categoryId: ads.categoryId,
  categorySlug: categories.slug,
  categoryName: categories.name,
  rating: ads.rating,
  location: ads.location,
  place: placeJsonSql(ads.placeId),
  image: ads.image,
  galleryImages: ads.galleryImages,
  features: ads.features,
  makeAsFeatured: ads.makeAsFeatured,
  userId: ads.userId,
  createdAt: ads.createdAt,
  updatedAt: ads.updatedAt,
  status: ads.status,
  publishedAt: ads.publishedAt,
  expiresAt: ads.expiresAt,
};

export type TAdRow = {
  id: number;
  slug: string;
  heading: string;
  description: string;
  price: number;
  categoryId: number;
  categorySlug: string | null;
  categoryName: string | null;
  rating: number;
  location: string;
  place: string | null;
  image: string | null;
  galleryImages: string[];
  features: string;
  makeAsFeatured: 'Y' | 'N';
  userId: number;
  createdAt: Date;
  updatedAt: Date;
  status: TAdState;
  publishedAt: Date;
  expiresAt: Date;
};

/**
 * An ad in its legacy field names (docs/API.md), as the admin screens read it: `category` is
 * the slug (what the form's select holds), galleryimages and features are JSON text.
 */
export function toAdRecord(r: TAdRow, now = new Date()) {
  return {
    id: r.id,
    slug: r.slug,
    heading: r.heading,
    // Stored sanitised; older ads may still carry styling the policy now drops.
    description: sanitizeAdDescription(r.description),
    price: Number(r.price),
    category: r.categorySlug ?? '',
    category_id: r.categoryId,
    category_name: r.categoryName ?? '',
    rating: r.rating,
    location: r.location,
    ...placeField(r.place),
    image: r.image ?? '',
    galleryimages: JSON.stringify(r.galleryImages ?? []),
    features: r.features || '[]',
    make_as_featured: r.makeAsFeatured,
    user_id: r.userId,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    status: r.status,
    published_at: r.publishedAt,
    expires_at: r.expiresAt,
    // The owner's buttons for this row now (api/services/ads/ad-states.ts ownerActions).
    actions: ownerActions(r.status, r.expiresAt, now),
  };
}
export type TAdRecord = ReturnType<typeof toAdRecord>;
