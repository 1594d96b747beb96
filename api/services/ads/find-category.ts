import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { categories } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { AD_MESSAGES } from '../../schemas/ad.ts';

/** The category an ad form names by slug; an unknown slug is "not selected". */
export async function findCategoryBySlug(slug: string) {
  const rows = await db()
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)
    .where(eq(categories.slug, slug.trim().toLowerCase()))
    .limit(1);
  if (!rows[0]) throw new AppError('BAD_REQUEST', AD_MESSAGES.category);
  return rows[0];
}
