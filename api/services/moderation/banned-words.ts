/**
 * The banned-words list: one entry per line or comma-separated, each a word or a phrase,
 * matched case-insensitively as whole words (so "ass" does not catch "class"). Pure, so the
 * property tests can run it on anything.
 */
export function parseBannedWords(list: string): string[] {
  const words = list
    .split(/[\n,]/)
    .map((w) => w.trim().replace(/\s+/g, ' ').toLowerCase())
    .filter((w) => w.length > 0 && w.length <= 100);
  return [...new Set(words)].slice(0, 1000);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first banned entry `text` contains as a whole word or phrase, or null. */
export function findBannedWord(text: string, words: readonly string[]): string | null {
  if (words.length === 0) return null;
  const haystack = text.toLowerCase().replace(/\s+/g, ' ');
  for (const word of words) {
    // Letters and digits of any script count as word characters on either side.
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'u');
    if (pattern.test(haystack)) return word;
  }
  return null;
}
