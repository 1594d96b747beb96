import { sql } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { rowsOf } from '../../lib/rows-of.ts';
import { placeLabel } from './place-rows.ts';

/** How many places a picker lists. */
export const PLACES_LIMIT = 10;

export type TPlace = {
  id: number;
  name: string;
  region: string | null;
  country: string;
  label: string;
  slug: string;
  lat: number;
  lon: number;
};

type TRow = Omit<TPlace, 'label'>;

/** The highest code point: every name that starts with a prefix sorts below prefix + this. */
const LAST_CHARACTER = String.fromCodePoint(0x10ffff);

/**
 * Up to 10 places for the text a visitor typed: names starting with it, biggest first, then,
 * when fewer than 10 do, names close to it (pg_trgm similarity at least
 * pg_trgm.similarity_threshold, 0.3 by default: "Richmnd" finds Richmond), ranked by
 * similarity times the log of the population: "Londn" lists London before Londa, which is
 * closer in trigrams, and "Spingfield" Springfield before the bigger but less alike Sheffield. The prefix is a range of places_name_prefix_idx (`~>=~`, `~<~`, as the search's
 * suggestions do, so the index serves it in a plan made for any value); the close names come
 * from places_name_trgm_idx.
 */
export async function searchPlaces({ q }: { q: string }): Promise<TPlace[]> {
  const text = q.trim().toLowerCase();
  if (!text) return [];
  if (text.length > SHORT) return findPlaces(text);
  let found = shortAnswers.get(text);
  if (!found) {
    found = await findPlaces(text);
    if (shortAnswers.size < 5_000) shortAnswers.set(text, found);
  }
  return found;
}

/**
 * One or two letters match thousands of names, which then have to be sorted by size (18 ms
 * for "a" on PGlite); the gazetteer never changes while the site runs and there are only a
 * few thousand such texts, so their answers are kept (bounded) in memory.
 */
const SHORT = 2;
const shortAnswers = new Map<string, TPlace[]>();

async function findPlaces(text: string): Promise<TPlace[]> {
  const rows = rowsOf<TRow>(
    await db().execute(sql`
      WITH starts AS (
        SELECT id, name, region, country, slug, latitude, longitude, population, 0 AS rank, 0::double precision AS close
        FROM places
        WHERE lower(name) ~>=~ ${text} AND lower(name) ~<~ ${`${text}${LAST_CHARACTER}`}
        ORDER BY population DESC, id
        LIMIT ${PLACES_LIMIT}
      ), near AS (
        SELECT id, name, region, country, slug, latitude, longitude, population, 1 AS rank,
          similarity(lower(name), ${text}) * ln(population + 2) AS close
        FROM places
        WHERE lower(name) % ${text} AND (SELECT count(*) FROM starts) < ${PLACES_LIMIT}
        ORDER BY close DESC
        LIMIT ${PLACES_LIMIT}
      )
      SELECT id, name, region, country, slug,
        latitude AS lat, longitude AS lon
      FROM (SELECT * FROM starts UNION ALL SELECT * FROM near WHERE id NOT IN (SELECT id FROM starts)) AS found
      ORDER BY rank, close DESC, population DESC, id
      LIMIT ${PLACES_LIMIT}`),
  );
  return rows.map((r) => ({ ...r, lat: Number(r.lat), lon: Number(r.lon), label: placeLabel(r) }));
}
