import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { faqs } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { FAQ_MESSAGES, type TFaqForm } from '../../schemas/faq.ts';
import { isBlankHtml } from '../../schemas/rich-text.ts';
import { FAQ_NOT_FOUND } from './get-faq.ts';

/** Creates (no id) or updates a FAQ; the answer is stored sanitised. */
export async function saveFaq(options: { id?: number; input: TFaqForm }) {
  const { id, input } = options;
  const answer = sanitizeRichText(input.answer);
  // Only scripts or other removed markup: nothing would be shown.
  if (isBlankHtml(answer)) throw new AppError('BAD_REQUEST', FAQ_MESSAGES.answer);
  const values = { question: input.question, answer };
  const columns = { id: faqs.id, question: faqs.question, answer: faqs.answer };
  const rows = id
    ? await db().update(faqs).set(values).where(eq(faqs.id, id)).returning(columns)
    : await db().insert(faqs).values(values).returning(columns);
  if (!rows[0]) throw new AppError('NOT_FOUND', FAQ_NOT_FOUND);
  return rows[0];
}
