/**
 * The slug rule (docs/RULES.md, Slugs): lowercase, trimmed, each run of whitespace, non-word
 * characters or hyphens becomes one hyphen, leading and trailing hyphens removed.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/[\s\W-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
