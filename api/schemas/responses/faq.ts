import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { ZHtml, ZRecordId } from './common.ts';

export const ZFaqRecord = z.object({ id: ZRecordId, question: z.string(), answer: ZHtml }).openapi('Faq');
