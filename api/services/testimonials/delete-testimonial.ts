import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { testimonials } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { releaseAdFiles } from '../ads/ad-files.ts';
import { TESTIMONIAL_NOT_FOUND } from './get-testimonial.ts';

/** Deletes the row, then its photo (and editor images only it showed). */
export async function deleteTestimonial({ id }: { id: number }) {
  const rows = await db()
    .delete(testimonials)
    .where(eq(testimonials.id, id))
    .returning({ image: testimonials.image, description: testimonials.description });
  if (!rows[0]) throw new AppError('NOT_FOUND', TESTIMONIAL_NOT_FOUND);
  await releaseAdFiles({ images: [rows[0].image], html: [rows[0].description] });
}
