import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from '../errors.ts';

export type TMultipart<T> = { fields: T; files: Record<string, File[]> };

/**
 * Reads a multipart (or urlencoded) body: text fields are validated with `schema` (first
 * issue → 400), files are grouped by field name (`gallery[]` and `gallery` are the same).
 */
export async function readMultipart<S extends z.ZodType>(c: Context, schema: S): Promise<TMultipart<z.infer<S>>> {
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw new AppError('BAD_REQUEST', 'The form data could not be read.');
  }
  const fields: Record<string, string> = {};
  const files: Record<string, File[]> = {};
  for (const [rawKey, value] of Object.entries(body)) {
    const key = rawKey.replace(/\[\]$/, '');
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v === 'string') fields[key] = v;
      else if (v.size > 0) {
        files[key] ??= [];
        files[key].push(v);
      }
    }
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid input.');
  return { fields: parsed.data, files };
}
