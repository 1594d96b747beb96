import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ads, searchWords } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/rows-of.ts';
import { publicAdFilter } from '../ads/public-ad-filter.ts';

/** Candidates per unknown word, most similar first; the first that a visible ad has wins. */
const CANDIDATES = 5;

/**
 * "Did you mean …?" for a search that found nothing: each word the catalogue does not know
 * (search_words, filled by triggers on ads) is replaced by the most similar known word
 * (pg_trgm similarity, at least pg_trgm.similarity_threshold, 0.3 by default) that a visible
 * ad still holds. The last word counts as known when some word starts with it (it is searched
 * as a prefix). Null when every word is known (the combination or the other filters found
 * nothing) or no close word exists.
 *
 * `terms` are searchTerms() output: lower-case letters and digits, the last one ending in ':*'.
 */
export async function suggestSearch(
  q: Db | Tx,
  terms: string[],
  /** Which words the catalogue knows (knownWordsQuery), when the caller has asked already. */
  knownWords?: boolean[],
): Promise<string | null> {
  const words = terms.map((t) => t.replace(/:\*$/, ''));
  const known = knownWords ?? (await readKnownWords(q, terms));
  // Every word known: the combination or the other filters found nothing.
  if (words.every((w, i) => known[i] || w.length < 3)) return null;
  let changed = false;
  const out: string[] = [];
  for (const [i, word] of words.entries()) {
    if (known[i] || word.length < 3) {
      out.push(word);
      continue;
    }
    const candidates = q
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(sql`${searchWords.word} % ${word}`)
      .orderBy(sql`similarity(${searchWords.word}, ${word}) DESC`, searchWords.word)
      .limit(CANDIDATES)
      .as('candidates');
    const [best] = await q
      .select({ word: candidates.word })
      .from(candidates)
      .where(
        sql`EXISTS (SELECT 1 FROM ${ads} WHERE ${ads.search} @@ plainto_tsquery('simple', ${candidates.word}) AND ${publicAdFilter()})`,
      )
      .orderBy(sql`similarity(${candidates.word}, ${word}) DESC`, candidates.word)
      .limit(1);
    if (!best) return null;
    out.push(best.word);
    changed = true;
  }
  return changed ? out.join(' ') : null;
}

/**
 * Whether the catalogue knows `word` (search_words); the last word of a search, a prefix,
 * when some word starts with it. The prefix is also written as a range of bytes (`~>=~`, `~<~`:
 * the operators of search_words_prefix_idx), which the index serves even in a plan made once
 * for any value (the search connections keep their plans, search-settings.ts); LIKE alone
 * needs the value at planning time to become a range.
 */
const knownWord = (word: string, prefix: boolean) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${searchWords} WHERE ${
    prefix
      ? sql`${searchWords.word} ~>=~ ${word} AND ${searchWords.word} ~<~ ${`${word}${LAST_CHARACTER}`}
            AND ${searchWords.word} LIKE ${`${escapeLike(word)}%`}`
      : sql`${searchWords.word} = ${word}`
  })`;

/** The highest code point: every word that starts with a prefix sorts below prefix + this. */
const LAST_CHARACTER = String.fromCodePoint(0x10ffff);

/**
 * Which of `terms` (searchTerms) the catalogue knows, as one expression ('1,0': a digit per
 * word): the counting statement works it out when a search finds nothing, so a search whose
 * words are all known costs no statement more for its (absent) suggestion.
 */
export function knownWordsQuery(terms: string[]): SQL {
  const words = terms.map((t) => t.replace(/:\*$/, ''));
  const flags = words.map((w, i) => sql`CASE WHEN ${knownWord(w, i === words.length - 1)} THEN '1' ELSE '0' END`);
  return sql`concat_ws(',', ${sql.join(flags, sql`, `)})`;
}

/** knownWordsQuery's answer read back. */
export const parseKnownWords = (flags: string) => flags.split(',').map((f) => f === '1');

async function readKnownWords(q: Db | Tx, terms: string[]): Promise<boolean[]> {
  const [row] = rowsOf<{ flags: string }>(await q.execute(sql`SELECT ${knownWordsQuery(terms)} AS flags`));
  return parseKnownWords(row?.flags ?? '');
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
