import { and, eq, ne } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { pages } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/pg-error.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { slugify } from '../../lib/slug.ts';
import type { TPageForm } from '../../schemas/page.ts';
import { releaseAdFiles } from '../ads/ad-files.ts';
import { PAGE_NOT_FOUND, toPageRecord } from './get-page.ts';

export const PAGE_SLUG_TAKEN = 'Another page already uses this slug. Please choose a different name.';
const SLUG_EMPTY = 'Please enter a name with letters or digits.';

/**
 * Creates a page (no id) or updates one. The slug is the given one, else (new page) the
 * name's, both by the slug rule (docs/RULES.md, Slugs); an edit without a slug keeps the
 * current one, so a renamed page keeps its address. Content and how-we-work are sanitised HTML.
 */
export async function savePage(options: { id?: number; input: TPageForm }) {
  const { id, input } = options;
  try {
    const { record, oldHtml } = await db().transaction(async (tx) => {
      let oldHtml: string[] = [];
      let slug = slugify(input.slug);
      if (id) {
        const found = await tx
          .select({ slug: pages.slug, content: pages.content, howwework: pages.howwework })
          .from(pages)
          .where(eq(pages.id, id))
          .for('update');
        if (!found[0]) throw new AppError('NOT_FOUND', PAGE_NOT_FOUND);
        slug ||= found[0].slug;
        oldHtml = [found[0].content, found[0].howwework];
      } else {
        slug ||= slugify(input.name);
      }
      if (!slug) throw new AppError('BAD_REQUEST', SLUG_EMPTY);
      const clash = await tx
        .select({ id: pages.id })
        .from(pages)
        .where(id ? and(eq(pages.slug, slug), ne(pages.id, id)) : eq(pages.slug, slug))
        .limit(1);
      if (clash[0]) throw new AppError('CONFLICT', PAGE_SLUG_TAKEN);
      const values = {
        name: input.name,
        slug,
        template: input.template,
        seokeyword: input.seokeyword,
        content: sanitizeRichText(input.content),
        howwework: sanitizeRichText(input.howwework),
      };
      const rows = id
        ? await tx
            .update(pages)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(pages.id, id))
            .returning()
        : await tx.insert(pages).values(values).returning();
      return { record: toPageRecord(rows[0] as typeof pages.$inferSelect), oldHtml };
    });
    // Editor images the old text showed and the new one does not.
    await releaseAdFiles({ html: oldHtml });
    return record;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', PAGE_SLUG_TAKEN);
    throw err;
  }
}
