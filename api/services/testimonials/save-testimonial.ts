import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { testimonials } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import type { TTestimonialForm } from '../../schemas/testimonial.ts';
import { deleteImage, storeImage } from '../../storage/images.ts';
import { releaseAdFiles } from '../ads/ad-files.ts';
import { TESTIMONIAL_NOT_FOUND, toTestimonialRecord } from './get-testimonial.ts';

/**
 * Creates (no id) or updates a testimonial. A new image is stored first and removed
 * again if the row cannot be written; the one it replaces goes after the commit.
 */
export async function saveTestimonial(options: { id?: number; input: TTestimonialForm; image?: File | null }) {
  const { id, input } = options;
  const stored = options.image ? await storeImage(options.image, { prefix: 'person' }) : null;
  let result: { row: typeof testimonials.$inferSelect; replaced: string | null; oldHtml: string };
  try {
    result = await db().transaction(async (tx) => {
      let replaced: string | null = null;
      let oldHtml = '';
      if (id) {
        const found = await tx
          .select({ image: testimonials.image, description: testimonials.description })
          .from(testimonials)
          .where(eq(testimonials.id, id))
          .for('update');
        if (!found[0]) throw new AppError('NOT_FOUND', TESTIMONIAL_NOT_FOUND);
        replaced = stored ? found[0].image : null;
        oldHtml = found[0].description;
      }
      const values = {
        name: input.name,
        designation: input.designation,
        description: sanitizeRichText(input.description),
        ...(stored ? { image: stored } : {}),
      };
      const rows = id
        ? await tx.update(testimonials).set(values).where(eq(testimonials.id, id)).returning()
        : await tx.insert(testimonials).values(values).returning();
      return { row: rows[0] as typeof testimonials.$inferSelect, replaced, oldHtml };
    });
  } catch (err) {
    if (stored) await deleteImage(stored);
    throw err;
  }
  // The replaced photo, and editor images the new description no longer shows.
  await releaseAdFiles({ images: [result.replaced], html: [result.oldHtml] });
  return toTestimonialRecord(result.row);
}
