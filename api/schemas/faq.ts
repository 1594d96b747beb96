import { z } from 'zod';
import { requiredText } from './fields.ts';
import { requiredRichText } from './rich-text.ts';

export const FAQ_MESSAGES = { question: 'Please enter question.', answer: 'Please enter answer.' } as const;

/** FAQ Details: a question and a rich-text answer (sanitised by the service). */
export const ZFaq = z.object({
  question: requiredText(FAQ_MESSAGES.question, 500),
  answer: requiredRichText(FAQ_MESSAGES.answer, 20_000),
});
export type TFaqForm = z.infer<typeof ZFaq>;
