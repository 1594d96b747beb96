import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ads, searchWords } from '../../db/schema/index.ts';
import { publicAdFilter } from './public-ad-filter.ts';

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
export async function suggestSearch(q: Db | Tx, terms: string[]): Promise<string | null> {
  const words = terms.map((t) => t.replace(/:\*$/, ''));
  let changed = false;
  const out: string[] = [];
  for (const [i, word] of words.entries()) {
    const prefix = i === words.length - 1;
    const known = await q
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(prefix ? sql`${searchWords.word} LIKE ${`${escapeLike(word)}%`}` : sql`${searchWords.word} = ${word}`)
      .limit(1);
    if (known.length || word.length < 3) {
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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
