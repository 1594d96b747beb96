import { z } from 'zod';

/** The characters String.prototype.trim removes (the old regex version trimmed with it). */
const isTrimmable = (ch: string) => ch.trim() === '';

/**
 * True when an HTML fragment shows nothing: no text once tags and non-breaking spaces
 * are gone, and no image (an empty editor sends `<p></p>`). Pure, safe in the browser.
 * One pass over the text: a `<` with no `>` after it is text, as it was for the tag regex
 * this replaces, whose backtracking made 100,000 `<` take seconds.
 */
export function isBlankHtml(html: string | null | undefined): boolean {
  if (!html) return true;
  if (/<img\b/i.test(html)) return false;
  let i = 0;
  while (i < html.length) {
    const ch = html[i] as string;
    if (ch === '<') {
      const close = html.indexOf('>', i + 1);
      if (close < 0) return false;
      i = close + 1;
    } else if (ch === '&' && html.startsWith('&nbsp;', i)) i += 6;
    else if (isTrimmable(ch)) i++;
    else return false;
  }
  return true;
}

const TOO_LONG = 'The text is too long.';

/** Optional rich text (sanitised by the service before it is stored). */
export function richText(max = 100_000) {
  return z.string().max(max, TOO_LONG).optional().default('');
}

/**
 * Required rich text: an empty editor counts as empty. A text over `max` stops there
 * (`abort`), so the blank check never runs on an oversized value.
 */
export function requiredRichText(message: string, max = 100_000) {
  return z
    .string({ error: message })
    .max(max, { error: TOO_LONG, abort: true })
    .refine((v) => !isBlankHtml(v), message);
}
