import { asc } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { faqs } from '../../db/schema/index.ts';

export async function listFaqs() {
  return db().select({ id: faqs.id, question: faqs.question, answer: faqs.answer }).from(faqs).orderBy(asc(faqs.id));
}
export type TFaq = Awaited<ReturnType<typeof listFaqs>>[number];
