import { eq, type SQL, sql } from 'drizzle-orm';
import type { TVisibleState } from '../../constants/ad-states.ts';
import type { Db, Tx } from '../../db/client.ts';
import { ads, categories } from '../../db/schema/index.ts';
import { placeField, placeJsonSql } from '../places/card-places.ts';

// An ad card as the lists read it (the public list, the seller page, saved searches): its
// columns, the query that reads a page of them, and the same card built as JSON inside a
// search's counting statement (search/narrow-search.ts), read back alike.

/** The columns of an ad card (ZAdCard); the seller page and saved searches show the same cards. */
export const adCardColumns = {
  id: ads.id,
  slug: ads.slug,
  heading: ads.heading,
  description: ads.description,
  price: ads.price,
  category: categories.name,
  category_slug: categories.slug,
  location: ads.location,
  place: placeJsonSql(ads.placeId),
  image: ads.image,
  make_as_featured: ads.makeAsFeatured,
  rating: ads.rating,
  created_at: ads.createdAt,
  status: ads.status,
};

/** A row of adCardColumns as the API sends it (`place` where it has one); only visible ads are ever read as cards. */
export function toAdCard<
  T extends { price: number | string; image: string | null; status: string; place: string | null },
>(r: T) {
  const { place, ...rest } = r;
  return {
    ...rest,
    price: Number(r.price),
    image: r.image ?? '',
    status: r.status as TVisibleState,
    ...placeField(place),
  };
}

/** One page of cards: the ads matching `where`, in `order`. */
export function cardQuery(q: Db | Tx, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  return q
    .select(adCardColumns)
    .from(ads)
    .innerJoin(categories, eq(categories.id, ads.categoryId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}
export type TCardRow = Awaited<ReturnType<typeof cardQuery>>[number];

/** `column` is one of `ids` (integers), as one array parameter however many there are. */
export const idIn = (column: typeof ads.id, ids: number[]) => sql`${column} = ANY(${`{${ids.join(',')}}`}::int[])`;

/**
 * An ad card built as JSON in the database, the columns of adCardColumns in their order, the
 * date as milliseconds (fromCardJson): the counting statement answers a page of them.
 */
const CARD_JSON = sql`json_build_object('id', ${ads.id}, 'slug', ${ads.slug}, 'heading', ${ads.heading},
  'description', ${ads.description}, 'price', ${ads.price}, 'category', ${categories.name},
  'category_slug', ${categories.slug}, 'location', ${ads.location}, 'place', ${placeJsonSql(ads.placeId)},
  'image', ${ads.image},
  'make_as_featured', ${ads.makeAsFeatured}, 'rating', ${ads.rating},
  'created_at', (extract(epoch FROM ${ads.createdAt}) * 1000)::float8, 'status', ${ads.status})`;

/** The cards of the ads in `ids` (a subquery), in `order`, `limit` from `offset`, as JSON text. */
export function cardsJson(ids: SQL, order: SQL[], limit: number, offset: number): SQL {
  return sql`(SELECT coalesce(json_agg(c.card ORDER BY c.n), '[]')::text FROM (
      SELECT ${CARD_JSON} AS card, row_number() OVER (ORDER BY ${sql.join(order, sql`, `)}) AS n
      FROM ${ads} JOIN ${categories} ON ${categories.id} = ${ads.categoryId}
      WHERE ${ads.id} IN (${ids})) c
    WHERE c.n > ${offset} AND c.n <= ${offset + limit})`;
}

/** A card from CARD_JSON, as cardQuery reads one (a Date, a number price). */
export function fromCardJson(card: unknown): TCardRow {
  const c = card as Omit<TCardRow, 'created_at'> & { created_at: number };
  return { ...c, price: Number(c.price), created_at: new Date(c.created_at) };
}
