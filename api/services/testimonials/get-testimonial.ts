import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { testimonials } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export const TESTIMONIAL_NOT_FOUND = 'Testimonial not found.';

export function toTestimonialRecord(t: typeof testimonials.$inferSelect) {
  return { id: t.id, name: t.name, designation: t.designation, description: t.description, image: t.image ?? '' };
}

export async function getTestimonial({ id }: { id: number }) {
  const rows = await db().select().from(testimonials).where(eq(testimonials.id, id)).limit(1);
  if (!rows[0]) throw new AppError('NOT_FOUND', TESTIMONIAL_NOT_FOUND);
  return toTestimonialRecord(rows[0]);
}
