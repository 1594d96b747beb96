import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { ZImageName, ZRecordId } from './common.ts';

/** A category with its number of ads (kept by database triggers). */
export const ZCategoryRecord = z
  .object({
    id: ZRecordId,
    name: z.string(),
    slug: z.string(),
    image: ZImageName,
    count: z.number().int().min(0).openapi({ description: 'How many ads the category holds.' }),
  })
  .openapi('Category');
