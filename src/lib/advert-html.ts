import { htmlToText, sanitizeRichText } from '../../api/lib/sanitize.ts';

/** Advert blocks kept: the site has five slots, so a handful covers every setting's value. */
const KEEP = 16;
const cleaned = new Map<string, { clean: string; hasContent: boolean }>();

/**
 * An advert block's HTML (site settings) cleaned for a page, and whether anything shows. The
 * same few blocks go into every page while the settings last, so each value is sanitised once
 * per process instead of on every render (it was 2–3% of a home page's server time).
 */
export function advertHtml(html: string | null | undefined): { clean: string; hasContent: boolean } {
  const key = html ?? '';
  let entry = cleaned.get(key);
  if (!entry) {
    const clean = sanitizeRichText(key);
    entry = { clean, hasContent: Boolean(clean && (htmlToText(clean) || /<img/i.test(clean))) };
    if (cleaned.size >= KEEP) cleaned.clear();
    cleaned.set(key, entry);
  }
  return entry;
}
