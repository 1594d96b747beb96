import { z } from 'zod';
import { PAGE_TEMPLATES } from '../constants/pages.ts';
import { requiredText } from './fields.ts';
import { richText } from './rich-text.ts';

export type { TPageTemplate } from '../constants/pages.ts';
export { PAGE_TEMPLATES };

export const PAGE_MESSAGES = {
  name: 'Please enter name.',
  template: 'Please select template.',
  // The original spelling, kept word for word (docs/API.md, Names that look wrong and stay).
  keyword: 'Please enter keyowrd.',
} as const;

/**
 * The page form's checks, in order: name, template, keyword. The slug is optional: when
 * empty it is derived from the name by the slug rule (a new page) or kept (an edit).
 */
export const ZPage = z.object({
  name: requiredText(PAGE_MESSAGES.name, 150),
  template: z.enum(PAGE_TEMPLATES, { error: PAGE_MESSAGES.template }),
  seokeyword: requiredText(PAGE_MESSAGES.keyword, 500),
  slug: z.string().trim().max(150, 'Must be at most 150 characters.').optional().default(''),
  content: richText(),
  howwework: richText(),
  /** Link the page from the footer of every public page. Absent on an edit: unchanged. */
  showInFooter: z.boolean().optional(),
});
export type TPageInput = z.input<typeof ZPage>;
export type TPageForm = z.infer<typeof ZPage>;
