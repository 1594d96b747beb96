import { db } from '../../api/db/client.ts';
import { ads, categories } from '../../api/db/schema/index.ts';

let n = 0;
const uid = () => `${++n}-${Math.random().toString(36).slice(2, 7)}`;

/** Inserts a category straight into the database (tests own their data). */
export async function insertCategory(values: { name: string; slug?: string; image?: string | null }) {
  const [row] = await db()
    .insert(categories)
    .values({
      name: values.name,
      slug: values.slug ?? `${values.name.toLowerCase().replace(/\W+/g, '-')}-${uid()}`,
      image: values.image ?? null,
    })
    .returning();
  return row;
}

export type TAdValues = {
  heading: string;
  categoryId: number;
  userId: number;
  price?: number;
  description?: string;
  location?: string;
  image?: string | null;
  galleryImages?: string[];
  features?: string;
  makeAsFeatured?: 'Y' | 'N';
  rating?: number;
  slug?: string;
  createdAt?: Date;
  /** A gazetteer place (near searches, city pages). */
  placeId?: number | null;
};

/** Inserts an ad straight into the database, with sensible defaults. */
export async function insertAd(values: TAdValues) {
  const [row] = await db()
    .insert(ads)
    .values({
      heading: values.heading,
      slug: values.slug ?? `${values.heading.toLowerCase().replace(/\W+/g, '-')}-${uid()}`,
      categoryId: values.categoryId,
      userId: values.userId,
      price: values.price ?? 100,
      description: values.description ?? '',
      location: values.location ?? '',
      image: values.image ?? null,
      galleryImages: values.galleryImages ?? [],
      features: values.features ?? '[]',
      makeAsFeatured: values.makeAsFeatured ?? 'N',
      rating: values.rating ?? 4,
      createdAt: values.createdAt ?? new Date(),
      placeId: values.placeId ?? null,
      placeChecked: values.placeId !== undefined,
    })
    .returning();
  return row;
}
