import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { readMultipart } from '../lib/multipart.ts';
import { validate } from '../lib/validate.ts';
import { requireAdmin } from '../middleware/session.ts';
import { ZIdParam } from '../schemas/fields.ts';
import { ZTestimonial } from '../schemas/testimonial.ts';
import { deleteTestimonial } from '../services/testimonials/delete-testimonial.ts';
import { getTestimonial } from '../services/testimonials/get-testimonial.ts';
import { listTestimonials } from '../services/testimonials/list-testimonials.ts';
import { saveTestimonial } from '../services/testimonials/save-testimonial.ts';

/** Testimonials (SPEC.md §7): the list is public; add and update are multipart with an optional image. */
export const testimonialRoutes = new Hono<AppEnv>()
  .get('/testimonials', async (c) =>
    c.json({ success: true, data: await listTestimonials(), message: 'Testimonials loaded' }),
  )
  .post('/testimonials', requireAdmin, async (c) => {
    const { fields, files } = await readMultipart(c, ZTestimonial, { files: { image: 1 } });
    const data = await saveTestimonial({ input: fields, image: files.image?.[0] ?? null });
    return c.json({ success: true, message: 'Testimonial added', data }, 201);
  })
  .get('/testimonials/:id', requireAdmin, validate('param', ZIdParam), async (c) => {
    const data = await getTestimonial({ id: c.req.valid('param').id });
    return c.json({ success: true, data, message: 'Testimonial loaded' });
  })
  .put('/testimonials/:id', requireAdmin, validate('param', ZIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const { fields, files } = await readMultipart(c, ZTestimonial, { files: { image: 1 } });
    const data = await saveTestimonial({ id, input: fields, image: files.image?.[0] ?? null });
    return c.json({ success: true, message: 'Testimonial updated', data });
  })
  .delete('/testimonials/:id', requireAdmin, validate('param', ZIdParam), async (c) => {
    await deleteTestimonial({ id: c.req.valid('param').id });
    return c.json({ success: true, message: 'Testimonial deleted' });
  });
