import { count, eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { ads, categories } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { isForeignKeyViolation } from '../../lib/pg-error.ts';
import { releaseAdFiles } from '../ads/ad-files.ts';
import { dropCategoryCache } from './list-categories.ts';
import { CATEGORY_NOT_FOUND } from './save-category.ts';

function inUse(n?: number) {
  if (!n) return 'This category still has ads. Move or delete them before deleting the category.';
  return `This category still has ${n} ad${n === 1 ? '' : 's'}. Move or delete ${n === 1 ? 'it' : 'them'} before deleting the category.`;
}

/**
 * Deletes a category that no ad uses (409 otherwise: an ad is never left without one).
 * The image file goes after the commit.
 */
export async function deleteCategory({ id }: { id: number }) {
  let image: string | null;
  try {
    image = await db().transaction(async (tx) => {
      const found = await tx
        .select({ image: categories.image })
        .from(categories)
        .where(eq(categories.id, id))
        .for('update');
      if (!found[0]) throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND);
      const used = await tx.select({ n: count() }).from(ads).where(eq(ads.categoryId, id));
      const n = Number(used[0]?.n ?? 0);
      if (n > 0) throw new AppError('CONFLICT', inUse(n));
      await tx.delete(categories).where(eq(categories.id, id));
      return found[0].image;
    });
  } catch (err) {
    // An ad was added to it between the count and the delete: the foreign key refuses.
    if (isForeignKeyViolation(err)) throw new AppError('CONFLICT', inUse());
    throw err;
  }
  dropCategoryCache();
  await releaseAdFiles({ images: [image] });
}
