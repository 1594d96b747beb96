import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { pages } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { releaseAdFiles } from '../ads/ad-files.ts';
import { PAGE_NOT_FOUND } from './get-page.ts';
import { dropFooterPagesCache } from './published-pages.ts';

/** Deletes the page, then editor images only it showed. */
export async function deletePage({ id }: { id: number }) {
  const rows = await db()
    .delete(pages)
    .where(eq(pages.id, id))
    .returning({ content: pages.content, howwework: pages.howwework });
  if (!rows[0]) throw new AppError('NOT_FOUND', PAGE_NOT_FOUND);
  dropFooterPagesCache();
  await releaseAdFiles({ html: [rows[0].content, rows[0].howwework] });
}
