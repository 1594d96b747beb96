import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { pages } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { PAGE_NOT_FOUND } from './get-page.ts';

export async function deletePage({ id }: { id: number }) {
  const rows = await db().delete(pages).where(eq(pages.id, id)).returning({ id: pages.id });
  if (!rows[0]) throw new AppError('NOT_FOUND', PAGE_NOT_FOUND);
}
