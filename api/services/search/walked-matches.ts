import { and, eq, type SQL, sql } from 'drizzle-orm';
import { ads } from '../../db/schema/index.ts';
import { publicAdFilter } from '../ads/public-ad-filter.ts';
import { filterQuery, type TNarrowFilter } from './narrow-search.ts';

/**
 * The newest `need` matches of a text search, looked for among the newest `window` public ads
 * (walked through the ads' own newest-first indexes, the chosen category's when there is one),
 * each ad's words tested on its own row: its stored document plus its category's and place's
 * keys, so a word that names a category, or a near search's places, match as they do in
 * ad_search's index (narrow-search.ts). For a
 * common word the page lies among the newest few hundred ads, so this reads those instead of
 * building the word's bitmap a second time. The answer is exact whenever it holds `need` rows:
 * a match outside the window is older than every ad in it.
 *
 * Only newest first: words and prices go together (a treadmill is never among the cheapest
 * ads), so the matches' density in the table says little about where they lie in a price
 * order, and such walks mostly came back empty. Columns id, price, created_at, newest first.
 */
export function walkedMatches(options: {
  filter: TNarrowFilter;
  /** The chosen category's id (a number or an expression such as categoryIdOf). */
  categoryId: SQL | undefined;
  /** Newest first over ads, as the visible newest-first indexes hold it. */
  order: SQL[];
  window: number;
  need: number;
  /** A test's extra condition (TSearchHooks), tested on every ad walked. */
  extra?: SQL;
}): SQL {
  const { filter, categoryId, extra } = options;
  const order = sql.join(options.order, sql`, `);
  const newest = and(publicAdFilter(), ...(categoryId === undefined ? [] : [eq(ads.categoryId, categoryId)]));
  const words = sql`(${ads.search} || array_to_tsvector(array_remove(ARRAY['#c' || ${ads.categoryId}, '#l' || ${ads.placeId}], NULL)))
    @@ (SELECT ${filterQuery(filter)})`;
  // Bounds as parameters that may be NULL: one statement text with or without a price range.
  const min = filter.minPrice === undefined ? null : String(filter.minPrice);
  const max = filter.maxPrice === undefined ? null : String(filter.maxPrice);
  const matching = and(
    sql`(${min}::numeric IS NULL OR ${ads.price} >= ${min}::numeric)`,
    sql`(${max}::numeric IS NULL OR ${ads.price} <= ${max}::numeric)`,
    ...(extra ? [extra] : []),
    words,
  );
  // The window keeps the table's name, so the columns read the same inside it and outside.
  return sql`SELECT ${ads.id} AS id, ${ads.price} AS price, ${ads.createdAt} AS created_at
    FROM (SELECT ${ads.id}, ${ads.categoryId}, ${ads.placeId}, ${ads.price}, ${ads.createdAt}, ${ads.search} FROM ${ads}
          WHERE ${newest} ORDER BY ${order} LIMIT ${options.window}) AS ${ads}
    WHERE ${matching}
    ORDER BY ${order} LIMIT ${options.need}`;
}
