import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { pages } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export const PAGE_NOT_FOUND = 'Page not found.';

export function toPageRecord(p: typeof pages.$inferSelect) {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    template: p.template,
    seokeyword: p.seokeyword,
    content: p.content,
    howwework: p.howwework,
    showInFooter: p.showInFooter,
    updatedAt: p.updatedAt,
  };
}

export async function getPage({ id }: { id: number }) {
  const rows = await db().select().from(pages).where(eq(pages.id, id)).limit(1);
  if (!rows[0]) throw new AppError('NOT_FOUND', PAGE_NOT_FOUND);
  return toPageRecord(rows[0]);
}
