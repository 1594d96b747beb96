import { ads, categories } from '../../db/schema/index.ts';

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
  image: ads.image,
  galleryImages: ads.galleryImages,
  features: ads.features,
  makeAsFeatured: ads.makeAsFeatured,
  userId: ads.userId,
  createdAt: ads.createdAt,
  updatedAt: ads.updatedAt,
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
  image: string | null;
  galleryImages: string[];
  features: string;
  makeAsFeatured: 'Y' | 'N';
  userId: number;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * An ad in its legacy field names (docs/API.md), as the admin screens read it: `category` is
 * the slug (what the form's select holds), galleryimages and features are JSON text.
 */
export function toAdRecord(r: TAdRow) {
  return {
    id: r.id,
    slug: r.slug,
    heading: r.heading,
    description: r.description,
    price: Number(r.price),
    category: r.categorySlug ?? '',
    category_id: r.categoryId,
    category_name: r.categoryName ?? '',
    rating: r.rating,
    location: r.location,
    image: r.image ?? '',
    galleryimages: JSON.stringify(r.galleryImages ?? []),
    features: r.features || '[]',
    make_as_featured: r.makeAsFeatured,
    user_id: r.userId,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}
export type TAdRecord = ReturnType<typeof toAdRecord>;
