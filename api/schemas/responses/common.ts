import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';

/**
 * Building blocks of the answers as the API really sends them: dates travel as ISO 8601
 * strings, prices as numbers, a missing image as ''. Objects are not strict: an answer may
 * carry more keys than described, never fewer or of another type.
 */

export const ZDateTime = z.string().openapi({ format: 'date-time', example: '2026-11-24T09:30:00.000Z' });
export const ZRecordId = z.number().int().positive().openapi({ example: 12 });
/** A stored file name (served at /uploads/{name}), or '' when there is none. */
export const ZImageName = z.string().openapi({ description: "Stored file name, or '' when there is none." });
/** Sanitised HTML (rich text). */
export const ZHtml = z.string().openapi({ description: 'Sanitised HTML.' });

/** `{ success: true, message }`: a write that returns nothing else (e.g. a delete). */
export const ZOk = z.object({ success: z.literal(true), message: z.string() }).openapi('Ok');

/** `{ success: true, data, message }`, the usual envelope of a read or a write. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string() });
}
