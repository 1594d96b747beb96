import { and, asc, desc, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { adSearch } from '../../db/schema/index.ts';
import type { TAdSort } from '../../schemas/ad-query.ts';
import { termGroup } from './word-forms.ts';

/**
 * A search over the narrow table ad_search (api/db/schema/search.ts): the same matches as the
 * public filter over ads, read from rows of a few fixed-width columns. Its GIN index holds each
 * ad's search document plus a key for its category ('#c<id>'), so the text and the category
 * are one index lookup, and counting or sorting a common word's matches reads pages that stay
 * in memory instead of the wide ads rows.
 */

/** The index's category key as a tsquery (cast, not parsed: the parser would drop the '#'). */
const categoryKeys = (ids: number[]) => sql`${ids.map((id) => `'#c${id}'`).join(' | ')}::tsquery`;

/** The document ad_search's GIN index holds for a row; written exactly as the index expression. */
const document = sql`ad_search_document(${adSearch.adId}, ${adSearch.categoryId})`;

/**
 * Every term (from searchTerms) with its word forms, a term that names categories also matching
 * their ads ('phones' finds every ad in Mobile Phones), and the chosen category's key.
 */
export function documentQuery(terms: string[], categoryMatches: number[][], categoryId?: number): SQL {
  const parts = terms.map((t, i) => {
    const words = sql`to_tsquery('simple', ${termGroup(t)})`;
    const ids = categoryMatches[i] ?? [];
    return ids.length ? sql`(${words} || ${categoryKeys(ids)})` : words;
  });
  if (categoryId !== undefined) parts.push(categoryKeys([categoryId]));
  return sql.join(parts, sql` && `);
}

export type TNarrowFilter = {
  terms: string[];
  categoryMatches: number[][];
  minPrice?: number;
  maxPrice?: number;
};

/** The public ads matching `filter` (and `categoryId` when given) in ad_search. */
export function narrowWhere(filter: TNarrowFilter, categoryId?: number): SQL {
  const conditions: SQL[] = [
    sql`${document} @@ (${documentQuery(filter.terms, filter.categoryMatches, categoryId)})`,
    // The period's end is tested now, as publicAdFilter does: an ad leaves search when it expires.
    sql`${adSearch.expiresAt} > now()`,
  ];
  if (filter.minPrice !== undefined) conditions.push(gte(adSearch.price, String(filter.minPrice)));
  if (filter.maxPrice !== undefined) conditions.push(lte(adSearch.price, String(filter.maxPrice)));
  return and(...conditions) as SQL;
}

/** The list's orders over ad_search, ties broken by id as over ads (pages never repeat an ad). */
const NARROW_ORDER: Record<Exclude<TAdSort, 'relevance'>, SQL[]> = {
  '': [desc(adSearch.createdAt), desc(adSearch.adId)],
  'price-asc': [asc(adSearch.price), asc(adSearch.adId)],
  'price-desc': [desc(adSearch.price), desc(adSearch.adId)],
};

/** One page of the matching ads' ids, sorted: every match's narrow row is read, none of ads'. */
export async function sortedIds(
  q: Db | Tx,
  where: SQL | undefined,
  sort: Exclude<TAdSort, 'relevance'>,
  limit: number,
  offset: number,
): Promise<number[]> {
  const rows = await q
    .select({ id: adSearch.adId })
    .from(adSearch)
    .where(where)
    .orderBy(...NARROW_ORDER[sort])
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}
