import { z } from 'zod';
import { slugify } from '../lib/slug.ts';
import { requiredText, ZId } from './fields.ts';

export const CATEGORY_MESSAGES = { name: 'Please enter name.', slug: 'Please enter slug.' } as const;

/** An empty id (multipart sends '') means "add". */
export const ZOptionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), ZId.optional());

/**
 * The category checks: name, then slug. The slug is normalised by the slug rule, so
 * "My Cars" and "my-cars" are the same slug; one that normalises to nothing is empty.
 */
export const ZCategoryForm = z.object({
  id: ZOptionalId,
  name: requiredText(CATEGORY_MESSAGES.name, 100),
  slug: requiredText(CATEGORY_MESSAGES.slug, 120).transform(slugify).pipe(z.string().min(1, CATEGORY_MESSAGES.slug)),
});
export type TCategoryForm = z.infer<typeof ZCategoryForm>;
