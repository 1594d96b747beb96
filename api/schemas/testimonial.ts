import { z } from 'zod';
import { requiredText } from './fields.ts';
import { richText } from './rich-text.ts';

export const TESTIMONIAL_MESSAGES = { name: 'Please enter name.', designation: 'Please enter designation.' } as const;

/** The testimonial checks: name, then designation. Arrives as multipart (optional image). */
export const ZTestimonial = z.object({
  name: requiredText(TESTIMONIAL_MESSAGES.name, 100),
  designation: requiredText(TESTIMONIAL_MESSAGES.designation, 150),
  description: richText(20_000),
});
export type TTestimonialForm = z.infer<typeof ZTestimonial>;
