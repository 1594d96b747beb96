import { asc } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { testimonials } from '../../db/schema/index.ts';

export async function listTestimonials() {
  const rows = await db()
    .select({
      id: testimonials.id,
      name: testimonials.name,
      designation: testimonials.designation,
      description: testimonials.description,
      image: testimonials.image,
    })
    .from(testimonials)
    .orderBy(asc(testimonials.id));
  return rows.map((r) => ({ ...r, image: r.image ?? '' }));
}
export type TTestimonial = Awaited<ReturnType<typeof listTestimonials>>[number];
