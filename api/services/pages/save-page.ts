import { and, eq, ne } from 'drizzle-orm';
import { isReservedPageSlug, PAGE_SLUG_RESERVED } from '../../constants/page-addresses.ts';
import { db } from '../../db/client.ts';
import { pages } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/pg-error.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { slugify } from '../../lib/slug.ts';
import type { TPageForm } from '../../schemas/page.ts';
import { releaseAdFiles } from '../ads/ad-files.ts';
import { PAGE_NOT_FOUND, toPageRecord } from './get-page.ts';
import { dropFooterPagesCache } from './published-pages.ts';

export const PAGE_SLUG_TAKEN = 'Another page already uses this slug. Please choose a different name.';
const SLUG_EMPTY = 'Please enter a name with letters or digits.';

/**
 * Creates a page (no id) or updates one. The slug is the given one, else (new page) the
 * name's, both by the slug rule (docs/RULES.md, Slugs); an edit without a slug keeps the
 * current one, so a renamed page keeps its address. Content and how-we-work are sanitised HTML.
 * Slugs of the site's own addresses are refused (page-addresses.ts): the page is published at
 * /<slug>.
 */
export async function savePage(options: { id?: number; input: TPageForm }) {
  const { id, input } = options;
  try {
    const { record, oldHtml } = await db().transaction(async (tx) => {
      let oldHtml: string[] = [];
      let slug = slugify(input.slug);
      let currentSlug = '';
      if (id) {
        const found = await tx
          .select({ slug: pages.slug, content: pages.content, howwework: pages.howwework })
          .from(pages)
          .where(eq(pages.id, id))
          .for('update');
        if (!found[0]) throw new AppError('NOT_FOUND', PAGE_NOT_FOUND);
        currentSlug = found[0].slug;
        slug ||= currentSlug;
        oldHtml = [found[0].content, found[0].howwework];
      } else {
        slug ||= slugify(input.name);
      }
      if (!slug) throw new AppError('BAD_REQUEST', SLUG_EMPTY);
      // A page is published at /<slug>: the site's own addresses are not for pages (a page
      // that already has such a slug keeps it).
      if (slug !== currentSlug && isReservedPageSlug(slug)) throw new AppError('CONFLICT', PAGE_SLUG_RESERVED);
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
        // Absent on an edit: the footer link stays as it was (older clients do not send it).
        ...(input.showInFooter !== undefined || !id ? { showInFooter: input.showInFooter ?? false } : {}),
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
    dropFooterPagesCache();
    return record;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', PAGE_SLUG_TAKEN);
    throw err;
  }
}
