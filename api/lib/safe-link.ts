/**
 * Whether an admin-entered link (ad-slot links, social links) may be put in an href: empty,
 * an absolute http(s) URL, or a path on this site that starts with exactly one `/`. Pure (no
 * Node APIs): the admin forms run the same schemas.
 */
export function isSafeLink(value: string): boolean {
  if (value === '') return true;
  // Browsers drop tabs and newlines anywhere in a URL and read `\` as `/`, so `/\evil.example`
  // or `/<tab>/evil.example` would become `//evil.example`: another site, not a path here.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return false;
  if (value.startsWith('/')) return value[1] !== '/';
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
