import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { faqs } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { releaseAdFiles } from '../ads/ad-files.ts';
import { FAQ_NOT_FOUND } from './get-faq.ts';

/** Deletes the FAQ, then editor images only its answer showed. */
export async function deleteFaq({ id }: { id: number }) {
  const rows = await db().delete(faqs).where(eq(faqs.id, id)).returning({ answer: faqs.answer });
  if (!rows[0]) throw new AppError('NOT_FOUND', FAQ_NOT_FOUND);
  await releaseAdFiles({ html: [rows[0].answer] });
}
