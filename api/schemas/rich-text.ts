import { z } from 'zod';

/**
 * True when an HTML fragment shows nothing: no text once tags and non-breaking spaces
 * are gone, and no image (an empty editor sends `<p></p>`). Pure, safe in the browser.
 */
export function isBlankHtml(html: string | null | undefined): boolean {
  if (!html) return true;
  if (/<img\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|\u00a0/g, ' ')
      .trim() === ''
  );
}

/** Optional rich text (sanitised by the service before it is stored). */
export function richText(max = 100_000) {
  return z.string().max(max, 'The text is too long.').optional().default('');
}

/** Required rich text: an empty editor counts as empty. */
export function requiredRichText(message: string, max = 100_000) {
  return z
    .string({ error: message })
    .max(max, 'The text is too long.')
    .refine((v) => !isBlankHtml(v), message);
}
