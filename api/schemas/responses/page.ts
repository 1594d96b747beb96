import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { PAGE_TEMPLATES } from '../page.ts';
import { ZDateTime, ZHtml, ZRecordId } from './common.ts';
import { ZPlanRecord } from './membership.ts';
import { ZTestimonialRecord } from './testimonial.ts';

const template = z.enum(PAGE_TEMPLATES);

/** A row of the admin pages list (the texts are read per page). */
export const ZPageSummary = z
  .object({
    id: ZRecordId,
    name: z.string(),
    slug: z.string(),
    template,
    seokeyword: z.string(),
    showInFooter: z.boolean().openapi({ description: 'Linked from the footer of every public page.' }),
    updatedAt: ZDateTime.openapi({ description: 'The last save; Terms and Privacy show it as "Last updated".' }),
  })
  .openapi('PageSummary');

export const ZPageRecord = ZPageSummary.extend({ content: ZHtml, howwework: ZHtml }).openapi('Page');

/**
 * GET /api/get-content/{slug}. The about-us page (or any page on the aboutus template) also
 * carries the testimonials and plans, and answers before it is written (then id is null).
 */
export const ZPageContent = z
  .object({
    id: ZRecordId.nullable(),
    name: z.string(),
    slug: z.string(),
    template,
    seokeyword: z.string(),
    content: ZHtml,
    howwework: ZHtml,
    testimonials: z.array(ZTestimonialRecord).optional(),
    plans: z.array(ZPlanRecord).optional(),
  })
  .openapi('PageContent');
