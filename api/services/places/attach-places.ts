import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../lib/rows-of.ts';

/** Ads looked up per statement, so a large catalogue is attached in short steps. */
const BATCH = 20_000;

/**
 * The place a location text names, as SQL: "Austin, TX" is the biggest place named Austin
 * whose admin1 code, region or country is "TX", else the biggest named Austin anywhere. Null
 * when no place has that name. The bulk seeder uses it for its rows too.
 */
export const placeForLocation = (location: SQL) => sql`(SELECT p.id FROM places p
  WHERE lower(p.name) = lower(btrim(split_part(${location}, ',', 1)))
  ORDER BY (lower(btrim(split_part(${location}, ',', 2))) IN
      (lower(coalesce(p.region_code, '')), lower(coalesce(p.region, '')), lower(p.country))) DESC,
    p.population DESC, p.id
  LIMIT 1)`;

/**
 * Gives the ads that were never looked up (older ads, the bulk seeder's) the place their
 * location text names, once each (`place_checked`); an ad whose text names no place keeps
 * working without one. Runs after the migrations and the gazetteer's load, in batches.
 */
export async function attachPlaces({ db }: { db: Db }): Promise<{ checked: number }> {
  let checked = 0;
  for (;;) {
    const rows = rowsOf<{ n: number }>(
      await db.execute(sql`
        WITH batch AS (
          SELECT a.id, ${placeForLocation(sql`a.location`)} AS place_id FROM ads a
          WHERE NOT a.place_checked ORDER BY a.id LIMIT ${BATCH}
        ), done AS (
          UPDATE ads SET place_checked = true, place_id = coalesce(ads.place_id, batch.place_id)
          FROM batch WHERE ads.id = batch.id
          RETURNING 1
        )
        SELECT count(*)::int AS n FROM done`),
    );
    const n = Number(rows[0]?.n ?? 0);
    checked += n;
    if (n < BATCH) return { checked };
  }
}
