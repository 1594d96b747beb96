import { and, eq, ne } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { categories, categorySlugs } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/pg-error.ts';
import type { TCategoryForm } from '../../schemas/category.ts';
import { deleteImage, storeImage } from '../../storage/images.ts';
import { releaseAdFiles } from '../ads/ad-files.ts';
import { dropCategoryCache } from './list-categories.ts';

export const CATEGORY_NOT_FOUND = 'Category not found.';
export const SLUG_TAKEN = 'This slug is already used by another category.';

/**
 * Adds a category (no id) or updates one (POST /api/category/add-edit). A new image is stored
 * first and removed again if the row cannot be written; the replaced image is removed
 * only after the commit.
 */
export async function saveCategory(options: { input: TCategoryForm; image?: File | null }) {
  const { input } = options;
  const stored = options.image ? await storeImage(options.image, { prefix: 'cat' }) : null;
  let result: { row: typeof categories.$inferSelect; replaced: string | null };
  try {
    result = await db().transaction(async (tx) => {
      let replaced: string | null = null;
      let oldSlug: string | null = null;
      if (input.id) {
        const found = await tx
          .select({ image: categories.image, slug: categories.slug })
          .from(categories)
          .where(eq(categories.id, input.id))
          .for('update');
        if (!found[0]) throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND);
        replaced = stored ? found[0].image : null;
        oldSlug = found[0].slug;
      }
      const clash = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(
          input.id
            ? and(eq(categories.slug, input.slug), ne(categories.id, input.id))
            : eq(categories.slug, input.slug),
        )
        .limit(1);
      if (clash[0]) throw new AppError('CONFLICT', SLUG_TAKEN);
      // A slug another category had before keeps leading there (docs/RULES.md, Slugs).
      const held = await tx
        .select({ categoryId: categorySlugs.categoryId })
        .from(categorySlugs)
        .where(eq(categorySlugs.slug, input.slug))
        .limit(1);
      if (held[0] && held[0].categoryId !== input.id) throw new AppError('CONFLICT', SLUG_TAKEN);
      const values = { name: input.name, slug: input.slug, ...(stored ? { image: stored } : {}) };
      const rows = input.id
        ? await tx.update(categories).set(values).where(eq(categories.id, input.id)).returning()
        : await tx.insert(categories).values(values).returning();
      if (input.id && oldSlug !== null && oldSlug !== input.slug) {
        await tx.delete(categorySlugs).where(eq(categorySlugs.slug, input.slug));
        await tx.insert(categorySlugs).values({ slug: oldSlug, categoryId: input.id }).onConflictDoNothing();
      }
      return { row: rows[0] as typeof categories.$inferSelect, replaced };
    });
  } catch (err) {
    if (stored) await deleteImage(stored);
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', SLUG_TAKEN);
    throw err;
  }
  dropCategoryCache();
  if (result.replaced) await releaseAdFiles({ images: [result.replaced] });
  const { id, name, slug, image, adCount } = result.row;
  return { id, name, slug, image: image ?? '', count: adCount };
}
