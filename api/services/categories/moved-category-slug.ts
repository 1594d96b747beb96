import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { categories, categorySlugs } from '../../db/schema/index.ts';

/**
 * The current slug of the category that once had `slug` (docs/RULES.md, Slugs), or null when
 * none had it or a category has it now. Category links with an old slug answer 301.
 */
export async function movedCategorySlug(slug: string): Promise<string | null> {
  if (!slug) return null;
  const rows = await db()
    .select({ slug: categories.slug })
    .from(categorySlugs)
    .innerJoin(categories, eq(categories.id, categorySlugs.categoryId))
    .where(eq(categorySlugs.slug, slug))
    .limit(1);
  return rows[0]?.slug ?? null;
}
