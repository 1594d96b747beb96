import { readMultipart } from '../lib/multipart.ts';
import { limitUploads } from '../middleware/rate-limit.ts';
import { requireAdmin } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonResponse, multipartBody } from '../openapi/route.ts';
import { ZIdParam } from '../schemas/fields.ts';
import { dataEnvelope, ZOk } from '../schemas/responses/common.ts';
import { ZTestimonialRecord } from '../schemas/responses/testimonial.ts';
import { ZTestimonial } from '../schemas/testimonial.ts';
import { deleteTestimonial } from '../services/testimonials/delete-testimonial.ts';
import { getTestimonial } from '../services/testimonials/get-testimonial.ts';
import { listTestimonials } from '../services/testimonials/list-testimonials.ts';
import { saveTestimonial } from '../services/testimonials/save-testimonial.ts';

const tags: ['Testimonials'] = ['Testimonials'];
const middleware = requireAdmin;
const imageFile = { image: { description: 'The person’s photo; without it an existing photo stays.' } };

/** Testimonials: the list is public; add and update are multipart with an optional image. */
export const testimonialRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'get',
      path: '/testimonials',
      operationId: 'listTestimonials',
      summary: 'Every testimonial, oldest first',
      tags,
      access: 'public',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'shared',
      responses: { 200: jsonResponse('The testimonials.', dataEnvelope(ZTestimonialRecord.array())) },
    }),
    async (c) =>
      c.json({ success: true as const, data: await listTestimonials(), message: 'Testimonials loaded' }, 200),
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/testimonials',
      operationId: 'createTestimonial',
      summary: 'Add a testimonial (the description is stored sanitised)',
      tags,
      access: 'admin',
      bodyLimit: 'oneImageForm',
      rateLimits: ['upload'],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      request: { body: multipartBody(ZTestimonial, imageFile) },
      responses: { 201: jsonResponse('Added.', dataEnvelope(ZTestimonialRecord)) },
    }),
    async (c) => {
      const { fields, files } = await readMultipart(c, ZTestimonial, {
        countUpload: limitUploads,
        files: { image: 1 },
      });
      const data = await saveTestimonial({ input: fields, image: files.image?.[0] ?? null });
      return c.json({ success: true as const, message: 'Testimonial added', data }, 201);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/testimonials/{id}',
      operationId: 'getTestimonial',
      summary: 'One testimonial',
      tags,
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('The testimonial.', dataEnvelope(ZTestimonialRecord)) },
    }),
    async (c) => {
      const data = await getTestimonial({ id: c.req.valid('param').id });
      return c.json({ success: true as const, data, message: 'Testimonial loaded' }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'put',
      path: '/testimonials/{id}',
      operationId: 'updateTestimonial',
      summary: 'Change a testimonial, optionally with a new photo',
      tags,
      access: 'admin',
      bodyLimit: 'oneImageForm',
      rateLimits: ['upload'],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      request: { params: ZIdParam, body: multipartBody(ZTestimonial, imageFile) },
      responses: { 200: jsonResponse('Updated.', dataEnvelope(ZTestimonialRecord)) },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { fields, files } = await readMultipart(c, ZTestimonial, {
        countUpload: limitUploads,
        files: { image: 1 },
      });
      const data = await saveTestimonial({ id, input: fields, image: files.image?.[0] ?? null });
      return c.json({ success: true as const, message: 'Testimonial updated', data }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'delete',
      path: '/testimonials/{id}',
      operationId: 'deleteTestimonial',
      summary: 'Delete a testimonial and its photo',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('Deleted.', ZOk) },
    }),
    async (c) => {
      await deleteTestimonial({ id: c.req.valid('param').id });
      return c.json({ success: true as const, message: 'Testimonial deleted' }, 200);
    },
  );
