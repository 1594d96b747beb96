import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { ZHtml, ZImageName, ZRecordId } from './common.ts';

export const ZTestimonialRecord = z
  .object({ id: ZRecordId, name: z.string(), designation: z.string(), description: ZHtml, image: ZImageName })
  .openapi('Testimonial');
