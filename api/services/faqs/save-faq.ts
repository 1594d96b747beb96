import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { faqs } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { FAQ_MESSAGES, type TFaqForm } from '../../schemas/faq.ts';
import { isBlankHtml } from '../../schemas/rich-text.ts';
import { releaseAdFiles } from '../ads/ad-files.ts';
import { FAQ_NOT_FOUND } from './get-faq.ts';

/** Creates (no id) or updates a FAQ; the answer is stored sanitised. */
export async function saveFaq(options: { id?: number; input: TFaqForm }) {
  const { id, input } = options;
  const answer = sanitizeRichText(input.answer);
  // Only scripts or other removed markup: nothing would be shown.
  if (isBlankHtml(answer)) throw new AppError('BAD_REQUEST', FAQ_MESSAGES.answer);
  const values = { question: input.question, answer };
  const columns = { id: faqs.id, question: faqs.question, answer: faqs.answer };
  if (!id) {
    const rows = await db().insert(faqs).values(values).returning(columns);
    return rows[0] as NonNullable<(typeof rows)[number]>;
  }
  const before = await db().select({ answer: faqs.answer }).from(faqs).where(eq(faqs.id, id)).limit(1);
  const rows = await db().update(faqs).set(values).where(eq(faqs.id, id)).returning(columns);
  if (!rows[0]) throw new AppError('NOT_FOUND', FAQ_NOT_FOUND);
  // Editor images the old answer showed and the new one does not.
  if (before[0]) await releaseAdFiles({ html: [before[0].answer] });
  return rows[0];
}
