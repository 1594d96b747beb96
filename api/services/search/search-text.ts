import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ads, categories } from '../../db/schema/index.ts';
import { termGroup } from './word-forms.ts';

// The search box's words as the ad list uses them: the terms, their tsquery, the categories
// whose names they match, and the full-text condition (list-ads.ts, ads/list-my-ads.ts and the
// saved searches share them).

/** Words kept from a search box; the rest of the input is punctuation to the parser anyway. */
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 64;

/**
 * The search box as tsquery terms: letters and digits only (so nothing the user types can
 * be tsquery syntax), lower-cased, the last word a prefix because the user is still typing.
 */
export function searchTerms(search: string | undefined): string[] {
  const words = (search ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w));
}

/**
 * All `terms` (from searchTerms) as one tsquery, each term matching any of its word forms
 * (word-forms.ts: 'bikes' finds 'bike'); also the admin list's filter. `keyed`: the form a
 * saved search stores (its first word a prefix of all it can match).
 */
export const tsquery = (terms: string[], options: { keyed?: boolean } = {}) =>
  sql`to_tsquery('simple', ${terms.map((t) => termGroup(t, options)).join(' & ')})`;

/** Any of `terms` with their forms, as one tsquery: ranking and category-name matching. */
export const anyTermQuery = (terms: string[]) =>
  sql`to_tsquery('simple', ${terms.map((t) => termGroup(t)).join(' | ')})`;

/**
 * A category's name as a search document: a search term that matches it matches every ad in
 * that category ('phones' finds 'Mobile Phones'). The saved-search matcher uses it too.
 */
export const categoryNameDocument = sql`to_tsvector('simple', ${categories.name})`;

/**
 * One small query over categories: the id of the chosen slug, and for each search term the
 * categories whose name matches it (so 'phones' finds every ad in 'Mobile Phones').
 */
export async function categoryLookup(q: Db | Tx, slug: string, terms: string[], everyCategory = false) {
  if (!slug && terms.length === 0 && !everyCategory)
    return { selectedId: undefined, selectedCount: 0, matches: terms.map(() => [] as number[]), all: [] };
  const flags = terms.map((t) => sql`CASE WHEN ${categoryNameDocument} @@ ${tsquery([t])} THEN '1' ELSE '0' END`);
  const conditions: SQL[] = [];
  if (slug) conditions.push(eq(categories.slug, slug));
  if (terms.length) conditions.push(sql`${categoryNameDocument} @@ ${anyTermQuery(terms)}`);
  const rows = await q
    .select({
      id: categories.id,
      slug: categories.slug,
      adCount: categories.adCount,
      flags: flags.length ? sql<string>`(${sql.join(flags, sql` || `)})::text` : sql<string>`''`,
    })
    .from(categories)
    .where(everyCategory ? undefined : or(...conditions))
    .orderBy(categories.id);
  const selected = slug ? rows.find((r) => r.slug === slug) : undefined;
  return {
    selectedId: selected?.id,
    selectedCount: selected?.adCount ?? 0,
    matches: terms.map((_, i) => rows.filter((r) => r.flags[i] === '1').map((r) => r.id)),
    /** Every category (id order) when `everyCategory`: the sidebar's counts list them all. */
    all: everyCategory ? rows : [],
  };
}

/**
 * Full-text condition over the generated ads.search tsvector (GIN index). A term that is
 * also a category name matches either the ad's text or that category; terms that match no
 * category are combined into one tsquery so the common case is a single index lookup.
 */
export function searchCondition(terms: string[], categoryMatches: number[][]): SQL {
  const plain = terms.filter((_, i) => categoryMatches[i].length === 0);
  const parts: SQL[] = [];
  if (plain.length) parts.push(sql`${ads.search} @@ ${tsquery(plain)}`);
  terms.forEach((t, i) => {
    const ids = categoryMatches[i];
    if (ids.length) parts.push(or(sql`${ads.search} @@ ${tsquery([t])}`, inArray(ads.categoryId, ids)) as SQL);
  });
  return and(...parts) as SQL;
}

/**
 * The index keys ('#c3 | #c7') of the categories whose name `term` matches, as a tsquery
 * expression worked out inside the search's statement (NULL when it names none). The
 * categories are read through their primary key (IS NOT NULL): sequential scans are off on
 * the search connections, and a disabled scan's cost would swamp every other choice the
 * planner makes for the statement (the page's cards then read every ad).
 */
export const namedCategoryKeys = (term: string): SQL =>
  sql`(SELECT string_agg('''#c' || ${categories.id} || '''', ' | ')::tsquery FROM ${categories}
       WHERE ${categories.id} IS NOT NULL AND ${categoryNameDocument} @@ ${tsquery([term])})`;
