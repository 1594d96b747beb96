import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { faqs } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export const FAQ_NOT_FOUND = 'FAQ not found.';

const columns = { id: faqs.id, question: faqs.question, answer: faqs.answer };

export async function getFaq({ id }: { id: number }) {
  const rows = await db().select(columns).from(faqs).where(eq(faqs.id, id)).limit(1);
  if (!rows[0]) throw new AppError('NOT_FOUND', FAQ_NOT_FOUND);
  return rows[0];
}
