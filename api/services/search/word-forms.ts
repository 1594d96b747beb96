/**
 * The forms of a search word that should find the same ads: English singular and plural
 * ('bikes' finds 'bike', 'dress' finds 'dresses', 'batteries' finds 'battery'), and for a word
 * that starts with a digit its signed form, because the text parser reads 'abc-123' as 'abc'
 * and '-123'. The catalogue is indexed word for word (the 'simple' configuration), so the
 * forms are looked up as exact words beside the one typed: each is one more GIN entry, never
 * a scan, and a form no ad has costs nothing.
 *
 * The rules are the regular English plurals (-s, -es, -ies, -ves); an irregular plural
 * (children, mice) still finds only itself. Extra forms that are not words ('dresse') match
 * nothing, so the rules may guess generously.
 */

const LETTERS = /^[a-z]+$/;
/** Shorter words are left alone: 'as', 'us' and 'is' are not plurals. */
const MIN_LENGTH = 3;

function singulars(w: string): string[] {
  const out: string[] = [];
  if (w.endsWith('ies') && w.length > 4) out.push(`${w.slice(0, -3)}y`);
  if (w.endsWith('ves') && w.length > 4) out.push(`${w.slice(0, -3)}f`, `${w.slice(0, -3)}fe`);
  if (/(s|x|z|ch|sh|o)es$/.test(w)) out.push(w.slice(0, -2));
  if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) out.push(w.slice(0, -1));
  return out;
}

function plurals(w: string): string[] {
  if (/[^aeiou]y$/.test(w)) return [`${w.slice(0, -1)}ies`, `${w}s`];
  if (/(s|x|z|ch|sh)$/.test(w)) return [`${w}es`];
  if (w.endsWith('fe')) return [`${w.slice(0, -2)}ves`, `${w}s`];
  if (w.endsWith('f')) return [`${w.slice(0, -1)}ves`, `${w}s`];
  return [`${w}s`];
}

/** Every form of `word` (lower-case letters or digits), the word itself first. */
export function wordForms(word: string): string[] {
  const forms = [word];
  if (/^\d/.test(word)) forms.push(`-${word}`);
  else if (LETTERS.test(word) && word.length >= MIN_LENGTH)
    forms.push(...[...singulars(word), ...plurals(word)].filter((f) => f.length >= MIN_LENGTH));
  return [...new Set(forms)];
}

function commonPrefix(words: string[]): string {
  let prefix = words[0] ?? '';
  for (const w of words) while (!w.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

/**
 * One search term (searchTerms: a word, or 'word:*' for the last, still-typed one) as tsquery
 * text matching any of its forms; the typed word keeps its prefix match. The shortest form
 * comes first. With `keyed`, the group starts with a prefix every form shares
 * ('batter:*' for battery/batteries) when the shortest form is not one already: a saved
 * search's key term (its query's first word) must be a prefix of every word it can match.
 */
export function termGroup(term: string, options: { keyed?: boolean } = {}): string {
  const prefix = term.endsWith(':*');
  const word = prefix ? term.slice(0, -2) : term;
  const forms = wordForms(word).sort((a, b) => a.length - b.length || a.localeCompare(b));
  if (forms.length === 1) return term;
  const parts = forms.map((f) => (prefix && (f === word || f === `-${word}`) ? `${f}:*` : f));
  const group = `(${parts.join(' | ')})`;
  // A digit's signed form shares no prefix with it: its group keeps the plain number first.
  if (!options.keyed || /^\d/.test(word) || forms.every((f) => f.startsWith(forms[0]!))) return group;
  return `${commonPrefix(forms)}:* & ${group}`;
}
