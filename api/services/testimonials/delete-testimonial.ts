import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { testimonials } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { deleteImage } from '../../storage/images.ts';
import { TESTIMONIAL_NOT_FOUND } from './get-testimonial.ts';

/** Deletes the row, then its image file. */
export async function deleteTestimonial({ id }: { id: number }) {
  const rows = await db().delete(testimonials).where(eq(testimonials.id, id)).returning({ image: testimonials.image });
  if (!rows[0]) throw new AppError('NOT_FOUND', TESTIMONIAL_NOT_FOUND);
  await deleteImage(rows[0].image);
}
