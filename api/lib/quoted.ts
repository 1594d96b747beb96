/**
 * A name or heading in typographic quotes for a sentence: “text”. Quotes already inside the
 * text become single ones, as nested quotes are written, so a saved search named “bike” shows
 * as “‘bike’ in Bikes”, never ““bike” in Bikes”.
 */
export function quoted(text: string): string {
  const inner = text.replace(/(^|[\s([{-])["“]/g, '$1‘').replace(/["”“]/g, '’');
  return `“${inner}”`;
}
